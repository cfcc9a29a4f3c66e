import { createFileRoute, notFound } from '@tanstack/react-router';
import { groupQueryOptions } from '../../../features/groups/api/groups.ts';
import { scanQueryOptions } from '../../../features/scans/api/scans.ts';
import { ScanLayout } from '../../../features/scans/components/scan-layout.tsx';
import { isValidId, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_app/product/$scanId')({
  params: {
    parse: ({ scanId }) => ({ scanId: parseId(scanId) }),
    stringify: ({ scanId }) => ({ scanId: String(scanId) }),
  },
  // beforeLoad runs before any child loader, so no request ever carries a bad id.
  beforeLoad: ({ params }) => {
    if (!isValidId(params.scanId)) throw notFound();
  },
  // Spec §2: before entry load the scan, then its group; a 404 or any other failure is not-found.
  loader: async ({ context: { queryClient }, params: { scanId } }) => {
    try {
      const scan = await queryClient.ensureQueryData(scanQueryOptions(scanId));
      await queryClient.ensureQueryData(groupQueryOptions(scan.group));
    } catch {
      throw notFound();
    }
  },
  component: ScanRoute,
});

function ScanRoute() {
  const { scanId } = Route.useParams();
  return <ScanLayout scanId={scanId} />;
}
