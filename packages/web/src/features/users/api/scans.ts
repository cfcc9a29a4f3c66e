import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Scan } from '../../../lib/api-schemas.ts';
import { userKeys } from './keys.ts';

/** How many groups' applications the applications tab reads, and how many of each. */
export const MAX_GROUPS = 20;
export const SCANS_PER_GROUP = 100;

/** The newest applications of each of these groups, newest first. */
export const groupScansQueryOptions = (groupIds: number[]) =>
  queryOptions({
    queryKey: userKeys.groupScans(groupIds),
    queryFn: async ({ signal }): Promise<Scan[]> => {
      const pages = await Promise.all(
        groupIds.slice(0, MAX_GROUPS).map((group) =>
          unwrap(api.GET('/rest/scans/', { params: { query: { group, ordering: '-created', limit: SCANS_PER_GROUP, offset: 0 } }, signal })),
        ),
      );
      return pages.flatMap((page) => page.results).sort((a, b) => b.created.localeCompare(a.created));
    },
  });
