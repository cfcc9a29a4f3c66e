import { createFileRoute } from '@tanstack/react-router';
import { customPatternListParams, customPatternListSearch, customPatternsQueryOptions } from '../../features/custom-patterns/api/custom-patterns.ts';
import { CustomPatternsPage } from '../../features/custom-patterns/components/custom-patterns-page.tsx';

// Spec §2: /custom-patterns needs change_infoleakcustomregex (lib/route-permissions.ts).
export const Route = createFileRoute('/_app/custom-patterns')({
  staticData: { permissions: ['change_infoleakcustomregex'] },
  validateSearch: customPatternListSearch.schema,
  search: { middlewares: customPatternListSearch.middlewares },
  loaderDeps: ({ search }) => customPatternListParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(customPatternsQueryOptions(deps)),
  component: CustomPatternsPage,
});
