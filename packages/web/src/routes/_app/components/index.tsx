import { createFileRoute } from '@tanstack/react-router';
import { componentListParams, componentListSearch, componentSearchSchema, componentsQueryOptions } from '../../../features/component-catalogue/api/components.ts';
import { ComponentsPage } from '../../../features/component-catalogue/components/components-page.tsx';

export const Route = createFileRoute('/_app/components/')({
  validateSearch: componentSearchSchema,
  search: { middlewares: componentListSearch.middlewares },
  loaderDeps: ({ search }) => componentListParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(componentsQueryOptions(deps)),
  component: ComponentsPage,
});
