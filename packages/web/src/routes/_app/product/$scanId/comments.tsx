import { createFileRoute } from '@tanstack/react-router';
import { scanCommentsQueryOptions } from '../../../../features/scans/api/scan-comments.ts';
import { ScanCommentsPanel } from '../../../../features/scans/components/scan-comments-panel.tsx';

export const Route = createFileRoute('/_app/product/$scanId/comments')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(scanCommentsQueryOptions(params.scanId)),
  component: CommentsRoute,
});

function CommentsRoute() {
  const { scanId } = Route.useParams();
  return <ScanCommentsPanel scanId={scanId} />;
}
