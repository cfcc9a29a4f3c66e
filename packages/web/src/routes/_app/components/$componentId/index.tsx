import { createFileRoute } from '@tanstack/react-router';
import { ComponentDetailsPage } from '../../../../features/component-catalogue/components/component-details-page.tsx';

export const Route = createFileRoute('/_app/components/$componentId/')({
  component: ComponentDetailsRoute,
});

function ComponentDetailsRoute() {
  const { componentId } = Route.useParams();
  return <ComponentDetailsPage componentId={componentId} />;
}
