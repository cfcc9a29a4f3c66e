// The callers and fixtures of the permission matrix (test/permission-matrix.ts,
// test/permission-matrix-suite.ts): who calls every route, the objects the calls name,
// and what spec §6 says each caller may do.
import { randomBytes, scryptSync } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importFeed } from '@binlens/vulndb';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { groupMemberships } from '../src/db/schema/index.ts';
import { startKbSync } from '../src/jobs/kb-sync.ts';
import type { GroupPermission } from '../src/lib/access.ts';
import { createUsersRepository } from '../src/modules/users/repository.ts';
import { ACCOUNT_ROLES, type Permission, permissionsOf } from '../src/modules/users/permissions.ts';
import type { TestApp } from './app.ts';
import { component, findingsFile } from './fake-engine.ts';
import { MATRIX_ADJUSTABLE } from './matrix-adjustments.ts';
import { multipart } from './files.ts';
import { login } from './login.ts';

/** Who may call a route, in spec §6 terms. */
export type Allow =
  | 'anyone'
  | 'signed-in'
  /** Callers whose account roles grant the permission (permissionsOf). */
  | { account: Permission }
  /** Callers holding the permission on the group of the object the request names. */
  | { onGroup: GroupPermission }
  /** Callers whose account roles grant the permission, on an object whose group they see (404 otherwise). */
  | { account: Permission; onGroup: 'view_appcheckgroup' };

/** What a caller gets: the guard lets it through, or answers 401, 403, or 404 for an object it may not see. */
export type Outcome = 'allow' | 401 | 403 | 404;

/** A request for one route; the objects it names exist. */
export interface MatrixRequest {
  url: string;
  payload?: object;
  file?: { field: string; name: string; content: Buffer };
}

export interface Caller {
  name: string;
  credential: 'none' | 'session' | 'key';
  roles: string[];
  /** The caller's role on the fixture group. */
  groupRole: 'GU' | 'M' | null;
}

/** Anonymous; each account role; a member, a manager and an outsider of the group; an API key of an administrator and of a plain user. */
export const CALLERS: readonly Caller[] = [
  { name: 'anonymous', credential: 'none', roles: [], groupRole: null },
  ...ACCOUNT_ROLES.map((role): Caller => ({ name: role, credential: 'session', roles: [role], groupRole: null })),
  { name: 'member GU', credential: 'session', roles: [], groupRole: 'GU' },
  { name: 'manager M', credential: 'session', roles: [], groupRole: 'M' },
  { name: 'outsider', credential: 'session', roles: [], groupRole: null },
  { name: 'key of AU', credential: 'key', roles: ['AU'], groupRole: null },
  // A plain user who is a member of the group: the key acts with its user's group role too.
  { name: 'key of U (GU)', credential: 'key', roles: ['U'], groupRole: 'GU' },
];

/**
 * Spec §6: change_companyaccount holds every permission on every group; a manager holds them
 * on their group and a member views and uploads there; to anyone else the group does not exist.
 */
export function expectedOutcome(allow: Allow, caller: Caller): Outcome {
  if (allow === 'anyone') return 'allow';
  if (caller.credential === 'none') return 401;
  if (allow === 'signed-in') return 'allow';
  const permissions = permissionsOf(caller.roles);
  if ('account' in allow && 'onGroup' in allow) {
    // The guard resolves the scope first: a group the caller does not see is 404 whatever they hold.
    if (!permissions.includes('change_companyaccount') && caller.groupRole === null) return 404;
    return permissions.includes(allow.account) ? 'allow' : 403;
  }
  if ('account' in allow) return permissions.includes(allow.account) ? 'allow' : 403;
  if (permissions.includes('change_companyaccount') || caller.groupRole === 'M') return 'allow';
  if (caller.groupRole === 'GU') return allow.onGroup === 'change_appcheckgroup' ? 403 : 'allow';
  return 404;
}

/** The objects the matrix's requests name, made once per app. */
export interface Fixtures {
  groupId: number;
  /** A ready scan in the group. */
  scanId: number;
  /** A vulnerability in the imported feed. */
  vulnerabilityId: string;
  /** A fixture user's email and password. */
  credentials: { email: string; password: string };
  /** A new user, who never signs in; their id. */
  newUser(): Promise<number>;
  /** A new scan in the group (uploaded by the administrator, maybe still busy), for one call to remove; its id. */
  newScan(): Promise<number>;
  /** POSTs as an administrator and answers the body: an object a row's request names, made for that one call. */
  post(url: string, payload: object): Promise<{ id: number }>;
  /** A network no other call used, not containing the callers' address. */
  network(): string;
  /** A value no other call used, for names. */
  unique(): number;
}

/** A caller with its current credentials; `renew` replaces a session or key the last call ended. */
export interface CallerSession {
  caller: Caller;
  /** The caller's user; the setup administrator's for the anonymous caller. */
  userId: number;
  headers: Record<string, string>;
  renew(): Promise<void>;
}

const FEEDS = fileURLToPath(new URL('../../vulndb/fixtures/feeds/', import.meta.url));

/** Users, group, memberships, a ready scan, a small feed, the sync queue; then a session or key per caller. */
export async function setUpMatrix({ app, database, composition }: TestApp): Promise<{ fixtures: Fixtures; sessions: CallerSession[] }> {
  // As start.ts starts it, with a sync that fetches nothing: "Sync now" queues a job.
  await startKbSync(app, { enabled: false, state: composition.repositories.knowledgeBase, sync: async () => [] });
  const users = createUsersRepository(database.db);
  const setup = await createMatrixUser(database, ['AU']);
  const admin = (await login(app, setup.email, setup.password)).headers;
  let counter = 0;
  const unique = () => (counter += 1);
  const network = () => {
    const n = unique();
    return `10.${(n >> 8) & 255}.${n & 255}.0/24`;
  };
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = admin) =>
    ok(await app.inject({ method, url, headers, ...(payload ? { payload } : {}) }), `${method} ${url}`);

  const groupId = (await call('POST', '/rest/groups/', { name: 'Matrix' })).json<{ id: number }>().id;
  // One component, so that routes about a component of the scan have one to name; one information leak (id 1), to triage.
  const upload = multipart('file', 'app.tar', findingsFile({
    components: [component({ name: 'lodash', version: '4.17.20' }), ...MATRIX_ADJUSTABLE.components],
    files: MATRIX_ADJUSTABLE.files,
    infoleaks: [{ kind: 'emails', detector: 'email', path: ['etc/app.conf'], line: 1, value: 'ops@binlens-demo.org', context: 'contact = ops@binlens-demo.org' }],
  }));
  const scanId = ok(
    await app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...admin, ...upload.headers }, payload: upload.payload }),
    'upload',
  ).json<{ id: number }>().id;
  await importFeed(database.db, { path: path.join(FEEDS, 'osv-ghsa-35jh-r3h4-6jhm.json') });
  // Keys stay honoured from the callers' address (127.0.0.1) while the matrix adds networks.
  await call('POST', '/rest/api-key-networks/', { network: '127.0.0.0/8' });

  const sessions: CallerSession[] = [];
  for (const caller of CALLERS) sessions.push(await callerSession(app, database, caller, groupId, setup.id));
  await waitReady(app, admin, scanId);

  const fixtures: Fixtures = {
    groupId,
    scanId,
    vulnerabilityId: 'GHSA-35jh-r3h4-6jhm',
    credentials: { email: setup.email, password: setup.password },
    async newUser() {
      const email = `new${unique()}@example.com`;
      return (await users.create({ email, passwordHash: 'not-a-password', roles: [] })).id;
    },
    async newScan() {
      const body = multipart('file', `matrix-${unique()}.tar`, findingsFile({}));
      const response = await app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...admin, ...body.headers }, payload: body.payload });
      return ok(response, 'upload').json<{ id: number }>().id;
    },
    async post(url, payload) {
      return (await call('POST', url, payload)).json<{ id: number }>();
    },
    network,
    unique,
  };
  return { fixtures, sessions };
}

/** Makes the caller's request: its credentials, the CSRF token of a session, a file as multipart. */
export function send(app: FastifyInstance, method: string, request: MatrixRequest, headers: Record<string, string>) {
  const body = request.file ? multipart(request.file.field, request.file.name, request.file.content) : undefined;
  return app.inject({
    method: method as 'GET',
    url: request.url,
    headers: { ...headers, ...body?.headers },
    ...(body ? { payload: body.payload } : request.payload ? { payload: request.payload } : {}),
  });
}

async function callerSession(app: FastifyInstance, database: Database, caller: Caller, groupId: number, setupId: number): Promise<CallerSession> {
  if (caller.credential === 'none') return { caller, userId: setupId, headers: {}, renew: async () => {} };
  const user = await createMatrixUser(database, caller.roles);
  if (caller.groupRole) await database.db.insert(groupMemberships).values({ groupId, userId: user.id, role: caller.groupRole });
  const state: CallerSession = {
    caller,
    userId: user.id,
    headers: {},
    async renew() {
      const session = (await login(app, user.email, user.password)).headers;
      if (caller.credential === 'session') {
        state.headers = session;
        return;
      }
      const made = ok(await app.inject({ method: 'POST', url: '/api/key/', headers: session, payload: { validity: 3600 } }), 'POST /api/key/');
      state.headers = { authorization: `Bearer ${made.json<{ results: { key: string } }>().results.key}` };
    },
  };
  await state.renew();
  return state;
}

const PASSWORD = 'matrix password';
/**
 * The password's hash with scrypt's cost at 2^10 instead of lib/password.ts's 2^15 (the stored
 * hash carries its parameters): each of the matrix's many sign-ins then takes about a millisecond.
 */
const CHEAP_HASH = (() => {
  const salt = randomBytes(16);
  const key = scryptSync(PASSWORD.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
})();
let users = 0;

async function createMatrixUser(database: Database, roles: string[]): Promise<{ id: number; email: string; password: string }> {
  users += 1;
  const email = `matrix${users}-${process.pid}@example.com`;
  const { id } = await createUsersRepository(database.db).create({ email, passwordHash: CHEAP_HASH, roles });
  return { id, email, password: PASSWORD };
}

async function waitReady(app: FastifyInstance, headers: Record<string, string>, scanId: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const status = ok(await app.inject({ method: 'GET', url: `/rest/scans/${scanId}/`, headers }), 'GET scan').json<{ status: string }>().status;
    if (status === 'R') return;
    if (status === 'F') throw new Error('the fixture scan failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the fixture scan is not ready after 30 s');
}

function ok(response: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
}
