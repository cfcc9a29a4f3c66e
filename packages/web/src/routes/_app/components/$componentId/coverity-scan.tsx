import { createFileRoute } from '@tanstack/react-router';
import { CoverityScanPage } from '../../../../features/component-catalogue/components/coverity-scan-page.tsx';

export const Route = createFileRoute('/_app/components/$componentId/coverity-scan')({
  component: CoverityScanRoute,
});

function CoverityScanRoute() {
  const { componentId } = Route.useParams();
  return <CoverityScanPage componentId={componentId} />;
}
