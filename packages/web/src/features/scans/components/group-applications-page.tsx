import { Button, Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ScansList } from './scans-list.tsx';

interface GroupApplicationsPageProps {
  groupId: number;
}

export function GroupApplicationsPage({ groupId }: GroupApplicationsPageProps) {
  const navigate = useNavigate();
  return (
    <>
      <Group justify="flex-end" mb="sm">
        {/* A button (not a link) because journeys and users look for "the Upload button". */}
        <Button onClick={() => void navigate({ to: '/groups/$groupId/upload', params: { groupId } })}>Upload</Button>
      </Group>
      <ScansList group={groupId} />
    </>
  );
}
