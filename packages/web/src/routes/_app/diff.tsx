import { createFileRoute } from '@tanstack/react-router';
import { diffSearchSchema, diffSideOf, scanDiffQueryOptions } from '../../features/scan-diff/api/scan-diff.ts';
import { DiffPage } from '../../features/scan-diff/components/diff-page.tsx';

export const Route = createFileRoute('/_app/diff')({
  validateSearch: diffSearchSchema,
  loaderDeps: ({ search }) => ({ base: diffSideOf(search.base), target: diffSideOf(search.target) }),
  // Prefetched, never thrown: the page shows why two scans cannot be compared beside its pickers.
  loader: ({ context, deps: { base, target } }) =>
    'id' in base && 'id' in target ? context.queryClient.prefetchQuery(scanDiffQueryOptions(base.id, target.id)) : undefined,
  component: DiffRoute,
});

function DiffRoute() {
  return <DiffPage search={Route.useSearch()} />;
}
