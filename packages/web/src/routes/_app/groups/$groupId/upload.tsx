import { createFileRoute } from '@tanstack/react-router';
import { UploadPage } from '../../../../features/scans/components/upload-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/upload')({
  component: UploadRoute,
});

function UploadRoute() {
  const { groupId } = Route.useParams();
  return <UploadPage groupId={groupId} />;
}
