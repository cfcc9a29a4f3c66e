import { createFileRoute } from '@tanstack/react-router';
import { triageListParams, triageListSearch, triageSearchSchema, triagesQueryOptions } from '../../../features/triages/api/triages.ts';
import { TriagesPage } from '../../../features/triages/components/triages-page.tsx';

export const Route = createFileRoute('/_app/triages/')({
  validateSearch: triageSearchSchema,
  search: { middlewares: triageListSearch.middlewares },
  loaderDeps: ({ search }) => triageListParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(triagesQueryOptions(deps)),
  component: TriagesPage,
});
