import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { CustomDataEditor } from '../../../components/custom-data-editor.tsx';
import { groupCustomDataQueryOptions, useGroupCustomDataMutations } from '../api/group-custom-data.ts';
import { groupQueryOptions } from '../api/groups.ts';

interface GroupCustomDataPageProps {
  groupId: number;
}

/** Settings → Group custom data: the group's own key/value pairs; changed only by those who may change the group. */
export function GroupCustomDataPage({ groupId }: GroupCustomDataPageProps) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupId));
  const query = useQuery(groupCustomDataQueryOptions(groupId));
  const { create, update, remove } = useGroupCustomDataMutations(groupId);
  return (
    <Paper withBorder p="md" maw={900}>
      <Stack gap="md">
        <CustomDataEditor
          intro={
            <>
              <Title order={3} size="h4">
                Group custom data
              </Title>
              <Text size="sm" c="dimmed">
                Key/value pairs about this group. Keys are stored in capitals and values without surrounding spaces.
              </Text>
            </>
          }
          query={query}
          getId={(entry) => String(entry.id)}
          canChange={group.user_permissions.includes('change_appcheckgroup')}
          keyEditable={false}
          placeholders={{ key: 'PRODUCT_LINE', value: 'Routers' }}
          removeMessage={(entry) => `Remove ${entry.key} from this group?`}
          create={create}
          update={update}
          remove={remove}
        />
      </Stack>
    </Paper>
  );
}
