import { createFileRoute } from '@tanstack/react-router';
import { CreateGroupPage } from '../../../features/groups/components/create-group-page.tsx';

export const Route = createFileRoute('/_app/groups/create')({
  component: () => <CreateGroupPage parentId={null} />,
});
