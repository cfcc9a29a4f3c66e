// GET and PUT /api/triage/vulnerability/ (public-api.md §2.2, §2.6, §3.8): the ODG client's
// get_triages and add_triage_raw. Triages are read and made by the /rest/ triages service, so
// that its checks (triage enabled, the product and group the caller sees, the component and
// vulnerability in the product), its audit and the re-evaluation hold here too.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import type { ScopeResolver } from '../../lib/access.ts';
import { MAX_LIMIT } from '../../lib/paging.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { type AdjustableComponents, sameName } from '../component-adjustments/scan-components.ts';
import type { ScansService } from '../scans/service.ts';
import type { TriagesService } from '../triages/service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { UsersRepository } from '../users/repository.ts';
import {
  ApiTriageList, ApiTriagePut, ApiTriageQuery, type ApiTriageUser, matchesApiQuery, relabelByVuln, toApiTriage, TRIAGE_FIELD_NAMES, triageCreates,
  type TriageTarget, withPublicFields,
} from './triage-mapping.ts';

export interface PublicTriageDeps {
  triages: TriagesService;
  users: Pick<UsersRepository, 'findById'>;
  access: ScopeResolver;
  /** A ready product's components as users adjusted them, with their files' SHA-1s. */
  components: AdjustableComponents;
  scans: Pick<ScansService, 'list'>;
}

/** A GET reads at most this many of the triages matching its component, vulnerability and scope, the newest changed first. */
export const MAX_LISTED_TRIAGES = 5000;
/** How many of the newest ready products are searched for the component when the request names none. */
export const PRODUCTS_SEARCHED = 20;

export const publicTriageRoutes: FastifyPluginAsyncTypebox<PublicTriageDeps> = async (app, deps) => {
  app.get('/api/triage/vulnerability', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['public-api'],
      summary: 'The triages the caller sees that match the filters, newest change first',
      querystring: ApiTriageQuery,
      response: { 200: ApiTriageList },
    },
  }, async (request): Promise<ApiTriageList> => {
    const viewer = viewerOf(request);
    const { component, vuln_id: vulnId, scope } = request.query;
    const found = [];
    for (let offset = 0; offset < MAX_LISTED_TRIAGES; offset += MAX_LIMIT) {
      const page = await deps.triages.list(viewer, {
        ...(component ? { component_name: component } : {}), ...(vulnId ? { vuln_id: vulnId } : {}), ...(scope ? { scope } : {}), ordering: '-modified',
      }, { limit: MAX_LIMIT, offset });
      found.push(...page.results.filter((triage) => matchesApiQuery(triage, request.query)));
      if (page.links.next === null) break;
    }
    const userOf = usersOf(deps.users);
    const triages = [];
    for (const triage of found.slice(0, MAX_LISTED_TRIAGES)) triages.push(toApiTriage(triage, await userOf(triage.user)));
    return { meta: { code: 200 }, triages };
  });

  app.put('/api/triage/vulnerability', {
    config: { permission: 'add_vulnerabilityinvalidation' },
    schema: {
      tags: ['public-api'],
      summary: 'Triages vulnerabilities of a component version: one triage per vulnerability, all made or none',
      description: 'Scopes R, FN and FH need product_id (FN takes the product\'s file name, FH the SHA-1s of the component\'s files in it), G needs group_id.',
      body: ApiTriagePut,
      response: { 200: ApiTriageList },
    },
  }, async (request): Promise<ApiTriageList> => {
    const viewer = viewerOf(request);
    const { body } = request;
    const target = await triageTarget(deps, viewer, body);
    const creates = triageCreates(body, target);
    let made;
    try {
      made = await deps.triages.create(viewer, creates);
    } catch (error) {
      throw withPublicFields(error, TRIAGE_FIELD_NAMES, relabelByVuln(creates));
    }
    const userOf = usersOf(deps.users);
    const triages = [];
    for (const triage of made) triages.push(toApiTriage(triage, await userOf(triage.user)));
    return { meta: { code: 200 }, triages };
  });
};

/**
 * The product the triages are made on. R, FN and FH name it; CA and G may, else it is the
 * newest ready product (of the group, for G) holding the component at that version: the
 * service then checks the vulnerability there.
 */
async function triageTarget(deps: PublicTriageDeps, viewer: Viewer, body: ApiTriagePut): Promise<TriageTarget> {
  const productId = body.product_id ?? null;
  if (body.scope === 'G' && body.group_id == null) throw new AppError('api_triage_group_missing');
  if (productId === null) {
    if (body.scope === 'R' || body.scope === 'FN' || body.scope === 'FH') throw new AppError('api_triage_product_missing');
    const found = await newestHolding(deps, viewer, body.scope === 'G' ? (body.group_id ?? null) : null, (components) => namedAt(components, body).length > 0);
    if (found === null) throw new AppError('api_triage_component_unknown');
    return { scanId: found, fileHashes: [] };
  }
  if (!(await deps.access.resolve(viewer, { scan: productId }))) throw new AppError('api_triage_product_not_found');
  if (body.scope !== 'FH') return { scanId: productId, fileHashes: [] };
  const components = await deps.components(productId);
  if (!components) throw new AppError('scan_not_ready');
  const fileHashes = filesOf(components, body);
  if (fileHashes.length === 0) throw withPublicFields(new AppError('triage_component_unknown'), TRIAGE_FIELD_NAMES);
  return { scanId: productId, fileHashes };
}

type Components = NonNullable<Awaited<ReturnType<AdjustableComponents>>>;

/** The components of the name (any case) at the version, as users adjusted them. */
function namedAt(components: Components, body: Pick<ApiTriagePut, 'component' | 'version'>): Components {
  return components.filter((c) => sameName(c.name, body.component.trim()) && c.version === body.version.trim());
}

/** The SHA-1s of the files of the named component at the version, sorted. */
function filesOf(components: Components, body: Pick<ApiTriagePut, 'component' | 'version'>): string[] {
  return [...new Set(namedAt(components, body).flatMap((c) => [...c.hashes]))].sort();
}

/** The newest of the caller's ready products (in the group, when given) whose components `holds` accepts; null when none of the newest does. */
export async function newestHolding(
  deps: Pick<PublicTriageDeps, 'components' | 'scans'>,
  viewer: Viewer,
  groupId: number | null,
  holds: (components: Components) => boolean,
): Promise<number | null> {
  const page = await deps.scans.list(viewer, { status: 'R', ...(groupId !== null ? { group: groupId } : {}) }, { limit: PRODUCTS_SEARCHED, offset: 0 });
  for (const product of page.results) {
    const components = await deps.components(product.id);
    if (components && holds(components)) return product.id;
  }
  return null;
}

/** Each user read once per request. */
function usersOf(users: PublicTriageDeps['users']): (id: number | null) => Promise<ApiTriageUser | null> {
  const known = new Map<number, ApiTriageUser | null>();
  return async (id) => {
    if (id === null) return null;
    if (!known.has(id)) {
      const row = await users.findById(id);
      known.set(id, row ? { id: row.id, email: row.email, firstname: '', lastname: '', username: row.username } : null);
    }
    return known.get(id) ?? null;
  };
}
