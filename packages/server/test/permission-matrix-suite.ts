// Every route of the API as every caller (anonymous, each account role, a member, a manager and
// an outsider of a group, API keys), against the one matrix in permission-matrix.ts: the guard
// lets exactly the callers spec §6 allows through, and a new route cannot skip the matrix.
// One test file per database (src/permission-matrix*.routes.test.ts), so that they run side by side.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutApiTrailingSlash } from '../src/plugins/route-path.ts';
import { startTestApp, type TestApp } from './app.ts';
import type { DatabaseKind } from './databases.ts';
import { fakeEngine } from './fake-engine.ts';
import { CALLERS, type CallerSession, expectedOutcome, type Fixtures, type Outcome, send, setUpMatrix } from './permission-callers.ts';
import { MATRIX } from './permission-matrix.ts';

/** The guard's answers; another 401, 403 or 404 (CSRF, a handler's) shows with its detail. */
const DENIALS: Record<number, string[]> = {
  401: ['Authentication credentials were not provided.'],
  403: ['You do not have permission to perform this action.'],
  404: ['Not found.'],
};
const KEY_REFUSED = 'An API key cannot make this call; sign in with your session or with HTTP Basic (email and password).';
/**
 * A row makes its objects once per caller (some twenty). An account-wide triage or override
 * marks every ready scan stale and starts their re-evaluation, which runs beside the row's
 * next calls: on PostgreSQL, beside the other files of a loaded two-core machine, the
 * triage rows took over the 60 s a test gets by default.
 */
const ROW_TIMEOUT_MS = 240_000;

/** The matrix on one database. */
export function describePermissionMatrix(kind: DatabaseKind): void {
  describe(`permission matrix on ${kind}`, () => {
    let t: TestApp;
    let fixtures: Fixtures;
    let sessions: CallerSession[];

    beforeAll(async () => {
      t = await startTestApp(kind, { workers: true, engine: fakeEngine() });
      ({ fixtures, sessions } = await setUpMatrix(t));
    });
    afterAll(() => t.close());

    it('has one row for every route the app registers, and none for a route it does not', () => {
      const registered = t.app.restRoutes.filter((route) => route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
      const rows = MATRIX.map((row) => row.route);
      const coverage = { missing: registered.filter((r) => !rows.includes(r)), unknown: rows.filter((r) => !registered.includes(r)) };
      expect(coverage, 'every route has one row in test/permission-matrix.ts').toEqual({ missing: [], unknown: [] });
      expect(rows.filter((route, i) => rows.indexOf(route) !== i)).toEqual([]);
    });

    const scoped = (route: string) => t.app.restRoutes.some((r) => `${r.method} ${r.url}` === route && r.scope !== undefined);

    it.each(MATRIX.map((row) => [row.route, row] as const))('%s', async (route, row) => {
      const [method = '', pattern = ''] = route.split(' ');
      const expected: Record<string, Outcome | string> = {};
      const actual: Record<string, Outcome | string> = {};
      for (const session of sessions) {
        const { caller } = session;
        const request = row.request ? await row.request(fixtures, session.userId) : { url: pattern };
        expect(routeOf(request.url), `${caller.name}: ${request.url}`).toMatch(urlPattern(pattern));
        const response = await send(t.app, method, request, session.headers);
        const refused = row.noKeys && caller.credential === 'key';
        expected[caller.name] = refused ? 'refused key' : expectedOutcome(row.allow, caller);
        actual[caller.name] = outcome(response, scoped(route));
        if (row.spends === caller.credential && actual[caller.name] === 'allow') await session.renew();
      }
      expect(actual).toEqual(expected);
    }, ROW_TIMEOUT_MS);

    it('ran every caller', () => {
      expect(sessions.map((s) => s.caller.name)).toEqual(CALLERS.map((c) => c.name));
    });
  });
}

/** allow, or the guard's 401/403/404; a scoped route's 404 is the guard's (its objects exist), an unscoped one's the handler's. */
function outcome(response: LightMyRequestResponse, scoped: boolean): Outcome | string {
  const status = response.statusCode;
  const detail = status >= 400 ? (response.json<{ detail?: string }>().detail ?? response.body) : '';
  if (status === 403 && detail === KEY_REFUSED) return 'refused key';
  if (status >= 500) return `${status}: ${detail}`;
  const denial = status === 401 || status === 403 || (status === 404 && scoped);
  if (!denial) return 'allow';
  return DENIALS[status]?.includes(detail) ? (status as Outcome) : `${status}: ${detail}`;
}

function routeOf(url: string): string {
  return withoutApiTrailingSlash(url.split('?')[0] ?? url);
}

/** `/rest/scans/:id/` matches `/rest/scans/12/`. */
function urlPattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
