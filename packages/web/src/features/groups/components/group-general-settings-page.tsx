import { Paper, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { groupQueryOptions } from '../api/groups.ts';
import { GroupGeneralForm } from './group-general-form.tsx';

interface GroupGeneralSettingsPageProps {
  groupId: number;
}

/** Settings → General: the group's name and description. */
export function GroupGeneralSettingsPage({ groupId }: GroupGeneralSettingsPageProps) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupId));
  return (
    <Paper withBorder p="md" maw={640}>
      <Title order={3} size="h4" mb="sm">
        General
      </Title>
      {/* A new group (another id) starts a fresh form. */}
      <GroupGeneralForm key={group.id} group={group} />
    </Paper>
  );
}
