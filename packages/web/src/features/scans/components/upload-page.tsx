import { Paper } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { UploadForm } from './upload-form.tsx';

interface UploadPageProps {
  groupId: number;
}

export function UploadPage({ groupId }: UploadPageProps) {
  const navigate = useNavigate();
  return (
    <Paper withBorder p="md" maw={560}>
      <UploadForm
        groupId={groupId}
        onUploaded={(scan) => void navigate({ to: '/product/$scanId/analysis', params: { scanId: scan.id } })}
      />
    </Paper>
  );
}
