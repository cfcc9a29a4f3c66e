import { createFileRoute } from '@tanstack/react-router';
import { SalesDetailsPage } from '../../../../../features/sales/components/sales-details-page.tsx';

export const Route = createFileRoute('/_app/sales/product/$scanId/details')({
  component: SalesDetailsRoute,
});

function SalesDetailsRoute() {
  const { scanId } = Route.useParams();
  return <SalesDetailsPage scanId={scanId} />;
}
