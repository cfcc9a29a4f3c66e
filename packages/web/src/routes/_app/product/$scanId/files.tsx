import { createFileRoute } from '@tanstack/react-router';
import {
  fileChildrenQueryOptions,
  fileDetailQueryOptions,
  fileListSearch,
  fileSearchParams,
  fileSearchQueryOptions,
  fileTreeSearchSchema,
} from '../../../../features/scans/api/files.ts';
import { FileTreePage } from '../../../../features/scans/components/file-tree-page.tsx';

export const Route = createFileRoute('/_app/product/$scanId/files')({
  validateSearch: fileTreeSearchSchema,
  search: { middlewares: fileListSearch.middlewares },
  // The selected file is not a dependency: opening one does not load the tree again.
  loaderDeps: ({ search: { q, limit, offset } }) => ({ search: fileSearchParams({ q, limit, offset, ordering: '' }) }),
  loader: async ({ context: { queryClient }, deps, params: { scanId } }) => {
    if (deps.search) {
      await queryClient.ensureQueryData(fileSearchQueryOptions(scanId, deps.search));
      return;
    }
    await Promise.all([queryClient.ensureQueryData(fileDetailQueryOptions(scanId, [])), queryClient.ensureInfiniteQueryData(fileChildrenQueryOptions(scanId, []))]);
  },
  component: FilesRoute,
});

function FilesRoute() {
  const { scanId } = Route.useParams();
  return <FileTreePage scanId={scanId} />;
}
