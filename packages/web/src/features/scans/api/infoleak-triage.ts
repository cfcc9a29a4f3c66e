// Infoleak triage (spec §3.9): findings the user triages leave the matched list wherever the
// triage's scope reaches; "Show triaged" lists them with their triages. After a triage is made
// or removed the server answers what moved (the spec's cache-updated event), which is applied
// to the cached lists at once, before they are fetched again.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Group, InfoleakCacheUpdate, InfoleakItem, InfoleakTriage, InfoleakTriageCreate, InfoleakTriageCreated, Paged } from '../../../lib/api-schemas.ts';
import { TRIAGE_RATIONALE_NAMES, TRIAGE_SCOPE_NAMES } from '../../../lib/triage.ts';
import type { InfoleakKind, InfoleakListParams } from './infoleak.ts';
import { scanKeys } from './keys.ts';
import { scanSummaryKey } from './scan-summary.ts';

export type TriageRationale = InfoleakTriage['rationale'];
export type TriageScope = InfoleakTriage['scope'];

/** U "Uninteresting match", that only infoleak triage has, first; then spec §9's rationales. */
export const TRIAGE_RATIONALE_LABELS: Readonly<Record<TriageRationale, string>> = { U: 'Uninteresting match', ...TRIAGE_RATIONALE_NAMES };

/** Spec §9 triage scopes, narrowest first (the dialog's order). */
export const TRIAGE_SCOPE_LABELS: Readonly<Record<TriageScope, string>> = {
  R: TRIAGE_SCOPE_NAMES.R,
  FN: TRIAGE_SCOPE_NAMES.FN,
  FH: TRIAGE_SCOPE_NAMES.FH,
  G: TRIAGE_SCOPE_NAMES.G,
  CA: TRIAGE_SCOPE_NAMES.CA,
};

/** The infoleak kind as the triage path names it: `cloud-provider-keys`. */
function kindPath(kind: InfoleakKind): string {
  return kind.replaceAll('_', '-');
}

/** Every cached list and finding of the scan's info-leak tab. */
const infoleakFamily = (scanId: number) => [...scanKeys.detail(scanId), 'infoleak'] as const;

/**
 * Moves findings between the cached lists: those now triaged leave every matched list, those no
 * triage holds for any more leave every triaged list (counts follow). Where they arrive is
 * fetched again: their place in that list is the server's.
 */
export function applyInfoleakCacheUpdate(queryClient: QueryClient, scanId: number, update: InfoleakCacheUpdate): void {
  const triaged = new Set(update.triagedIds);
  const untriaged = new Set(update.unTriagedIds);
  for (const [key, page] of queryClient.getQueriesData<Paged<InfoleakItem>>({ queryKey: infoleakFamily(scanId) })) {
    const params = key[4];
    if (!page || typeof params !== 'object' || params === null || !('results' in page)) continue;
    const leaving = (params as InfoleakListParams).triaged === true ? untriaged : triaged;
    const kept = page.results.filter((leak) => leak.kind !== update.group || !leaving.has(leak.id));
    if (kept.length === page.results.length) continue;
    queryClient.setQueryData<Paged<InfoleakItem>>(key, { ...page, results: kept, count: Math.max(0, page.count - (page.results.length - kept.length)) });
  }
}

export interface TriageRequest {
  /** The findings chosen, of one kind or several. */
  leaks: readonly Pick<InfoleakItem, 'id' | 'kind'>[];
  body: Pick<InfoleakTriageCreate, 'scope' | 'rationale' | 'description' | 'group_scope' | 'result_scope'>;
}

/** Make and remove triages; each answer is applied to the cache, then the tab's lists, summary and metadata are fetched again. */
export function useInfoleakTriageMutations(scanId: number) {
  const queryClient = useQueryClient();
  // Not awaited: the dialog closes on the answer, while the lists are fetched again behind it.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: infoleakFamily(scanId) });
    void queryClient.invalidateQueries({ queryKey: scanSummaryKey(scanId) });
    void queryClient.invalidateQueries({ queryKey: scanKeys.metadata(scanId) });
  };
  return {
    create: useMutation({
      // One request per kind: the API triages the findings of one kind at a time.
      mutationFn: async ({ leaks, body }: TriageRequest): Promise<InfoleakTriageCreated[]> => {
        const made: InfoleakTriageCreated[] = [];
        for (const [kind, ids] of byKind(leaks)) {
          const created = await unwrap(api.POST('/rest/infoleak/{kind}/triage/', { params: { path: { kind: kindPath(kind) } }, body: { ...body, scan: scanId, triaged_obj: ids } }));
          applyInfoleakCacheUpdate(queryClient, scanId, created);
          made.push(created);
        }
        return made;
      },
      onSettled: refresh,
      meta: { handledStatuses: [400, 403] },
    }),
    remove: useMutation({
      mutationFn: async (triage: Pick<InfoleakTriage, 'id' | 'kind'>): Promise<InfoleakCacheUpdate> => {
        const update = await unwrap(
          api.DELETE('/rest/infoleak/{kind}/triage/{id}/', { params: { path: { kind: kindPath(triage.kind as InfoleakKind), id: triage.id }, query: { scan: scanId } } }),
        );
        applyInfoleakCacheUpdate(queryClient, scanId, update);
        return update;
      },
      onSettled: refresh,
      meta: { handledStatuses: [403, 404] },
    }),
  };
}

function byKind(leaks: readonly Pick<InfoleakItem, 'id' | 'kind'>[]): Map<InfoleakKind, number[]> {
  const kinds = new Map<InfoleakKind, number[]>();
  for (const leak of leaks) kinds.set(leak.kind, [...(kinds.get(leak.kind) ?? []), leak.id]);
  return kinds;
}

/** The groups a G triage may name: the groups the user sees (the scan's group and those above it are offered). */
export const triageGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...scanKeys.all, 'triage-groups'] as const,
    queryFn: ({ signal }): Promise<Paged<Group>> => unwrap(api.GET('/rest/groups/', { params: { query: { limit: 500 } }, signal })),
    staleTime: 60_000,
  });
