import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { componentQueryOptions, isComponentId } from '../../../features/component-catalogue/api/components.ts';
import { ComponentLayout } from '../../../features/component-catalogue/components/component-layout.tsx';

export const Route = createFileRoute('/_app/components/$componentId')({
  // A malformed id never reaches the API.
  beforeLoad: ({ params }) => {
    if (!isComponentId(params.componentId)) throw notFound();
  },
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(componentQueryOptions(params.componentId));
    } catch (error) {
      // Not in the catalogue: the not-found page; any other failure shows in the frame with a retry.
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  component: ComponentRoute,
});

function ComponentRoute() {
  const { componentId } = Route.useParams();
  return <ComponentLayout componentId={componentId} />;
}
