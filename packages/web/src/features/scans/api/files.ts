// The files tab: a ready scan's file tree, read a folder at a time, and the layers tab: its
// container images. The tab's URL state is the search list's q/limit/offset (lib/list-search.ts)
// and the file shown in the side panel (`path`, an extended path); q goes to the API as `search`.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ContainerImage, FileDetail, FileTreeEntry, Paged } from '../../../lib/api-schemas.ts';
import { defineListSearch, type ListParams, useSearchWriter } from '../../../lib/list-search.ts';
import { z } from '../../../lib/zod.ts';
import { scanKeys } from './keys.ts';

/** The API's search text is at most 200 characters. */
export const MAX_FILE_SEARCH_LENGTH = 200;
/** Children read per request of a folder; "Show more" reads the next ones. */
export const CHILDREN_PAGE = 200;
/** An extended path is at most this deep (the API's bound). */
const MAX_PATH_ELEMENTS = 64;

/** q, limit and offset of the search results; the tree itself is not paged in the URL. */
export const fileListSearch = defineListSearch({ fields: [], defaultLimit: 50 });

/** The file in the side panel, as its extended path (`?path=["rootfs.squashfs","etc/passwd"]`). */
export const selectedFileSchema = z.object({
  path: z.array(z.string()).max(MAX_PATH_ELEMENTS).optional().catch(undefined),
});

/** The route's validateSearch: the search list's state and the selected file. */
export const fileTreeSearchSchema = z.intersection(fileListSearch.schema, selectedFileSchema);

export const fileKeys = {
  all: (id: number) => [...scanKeys.detail(id), 'files'] as const,
  children: (id: number, parent: readonly string[]) => [...fileKeys.all(id), 'children', JSON.stringify(parent)] as const,
  search: (id: number, params: FileSearchParams) => [...fileKeys.all(id), 'search', params] as const,
  detail: (id: number, path: readonly string[]) => [...fileKeys.all(id), 'detail', JSON.stringify(path)] as const,
  layers: (id: number) => [...scanKeys.detail(id), 'layers'] as const,
};

export interface FileSearchParams {
  search: string;
  limit: number;
  offset: number;
}

/** The search API's parameters from the URL's list state; null when there is nothing to search. */
export function fileSearchParams({ q, limit, offset }: ListParams): FileSearchParams | null {
  // Cut by code point, never inside a surrogate pair; a shorter needle still finds every match.
  const search = Array.from(q.trim()).slice(0, MAX_FILE_SEARCH_LENGTH).join('');
  return search === '' ? null : { search, limit, offset };
}

export function listChildren(id: number, parent: readonly string[], offset: number, signal?: AbortSignal): Promise<Paged<FileTreeEntry>> {
  const query = { parent: JSON.stringify(parent), limit: CHILDREN_PAGE, offset };
  return unwrap(api.GET('/rest/scans/{id}/files/', { params: { path: { id }, query }, signal }));
}

/** A folder's children, a page at a time; 409 (busy or failed scan) is shown in place. */
export const fileChildrenQueryOptions = (id: number, parent: readonly string[]) =>
  infiniteQueryOptions({
    queryKey: fileKeys.children(id, parent),
    queryFn: ({ pageParam, signal }) => listChildren(id, parent, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.links.next === null ? undefined : pages.length * CHILDREN_PAGE),
    meta: { handledStatuses: [404, 409] },
  });

export const fileSearchQueryOptions = (id: number, params: FileSearchParams) =>
  queryOptions({
    queryKey: fileKeys.search(id, params),
    queryFn: ({ signal }) => unwrap(api.GET('/rest/scans/{id}/files/', { params: { path: { id }, query: params }, signal })),
    placeholderData: keepPreviousData,
    meta: { handledStatuses: [409] },
  });

/** One file with what it carries; 404 (no such path: an old link) is shown in the panel. */
export const fileDetailQueryOptions = (id: number, path: readonly string[]) =>
  queryOptions({
    queryKey: fileKeys.detail(id, path),
    queryFn: ({ signal }): Promise<FileDetail> =>
      unwrap(api.GET('/rest/scans/{id}/files/detail/', { params: { path: { id }, query: { path: JSON.stringify(path) } }, signal })),
    meta: { handledStatuses: [404, 409] },
  });

/** Every container image of the scan: a handful at most, in one page. */
export const layersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: fileKeys.layers(id),
    queryFn: ({ signal }): Promise<Paged<ContainerImage>> =>
      unwrap(api.GET('/rest/scans/{id}/layers/', { params: { path: { id }, query: { limit: 500 } }, signal })),
    meta: { handledStatuses: [409] },
  });

/** The file in the side panel (`?path=`) and a setter; undefined closes the panel. */
export function useSelectedFile(): { selected: string[] | undefined; select: (path: readonly string[] | undefined) => void } {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const write = useSearchWriter();
  const { path } = raw;
  const selected = useMemo(() => selectedFileSchema.parse({ path }).path, [path]);
  const select = useCallback((next: readonly string[] | undefined) => write({ path: next }, next === undefined ? ['path'] : []), [write]);
  return { selected, select };
}

/** Where a layer sits in its image (1-based) and what wrote it, found by digest; undefined when no image has it. */
export function layerOf(images: readonly ContainerImage[], digest: string): { image: ContainerImage; index: number; count: number; createdBy: string | null } | undefined {
  for (const image of images) {
    const index = image.layers.findIndex((layer) => layer.digest === digest);
    const layer = image.layers[index];
    if (layer) return { image, index: index + 1, count: image.layers.length, createdBy: layer.created_by };
  }
  return undefined;
}
