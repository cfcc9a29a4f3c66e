import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../../components/not-found-page.tsx';
import { salesScanQueryOptions } from '../../../../features/sales/api/sales-scan.ts';
import { SalesLayout } from '../../../../features/sales/components/sales-layout.tsx';
import { isValidId, parseId } from '../../../../lib/route-params.ts';

export const Route = createFileRoute('/_app/sales/product/$scanId')({
  params: {
    parse: ({ scanId }) => ({ scanId: parseId(scanId) }),
    stringify: ({ scanId }) => ({ scanId: String(scanId) }),
  },
  // beforeLoad runs before any child loader, so no request ever carries a bad id.
  beforeLoad: ({ params }) => {
    if (!isValidId(params.scanId)) throw notFound();
  },
  // Spec §2: the scan is loaded through the sales endpoint before entry; a 404 or any other failure is not-found.
  loader: async ({ context: { queryClient }, params: { scanId } }) => {
    try {
      await queryClient.ensureQueryData(salesScanQueryOptions(scanId));
    } catch {
      throw notFound();
    }
  },
  component: SalesScanRoute,
  // Inside the app frame, as the catch-all's not-found is.
  notFoundComponent: NotFoundPage,
});

function SalesScanRoute() {
  const { scanId } = Route.useParams();
  return <SalesLayout scanId={scanId} />;
}
