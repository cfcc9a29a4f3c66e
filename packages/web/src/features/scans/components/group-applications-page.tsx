import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ScansList } from './scans-list.tsx';

interface GroupApplicationsPageProps {
  groupId: number;
}

export function GroupApplicationsPage({ groupId }: GroupApplicationsPageProps) {
  const navigate = useNavigate();
  return (
    <ScansList
      group={groupId}
      // A button (not a link) because journeys and users look for "the Upload button".
      actions={<Button onClick={() => void navigate({ to: '/groups/$groupId/upload', params: { groupId } })}>Upload</Button>}
    />
  );
}
