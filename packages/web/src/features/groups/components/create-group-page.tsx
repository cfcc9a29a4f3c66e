import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { groupQueryOptions } from '../api/groups.ts';
import { CreateGroupForm } from './create-group-form.tsx';

interface CreateGroupPageProps {
  /** The parent group for a subgroup; null for a top-level group. */
  parentId: number | null;
}

export function CreateGroupPage({ parentId }: CreateGroupPageProps) {
  const navigate = useNavigate();
  const parent = useQuery({ ...groupQueryOptions(parentId ?? 0), enabled: parentId !== null });
  const title = parent.data ? `New group in ${parent.data.name}` : 'New group';
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="md" maw={560}>
        <CreateGroupForm
          parentId={parentId}
          onCreated={(group) => void navigate({ to: '/groups/$groupId', params: { groupId: group.id } })}
        />
      </Paper>
    </>
  );
}
