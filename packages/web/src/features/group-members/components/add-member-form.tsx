import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { GROUP_ROLES, type GroupRole, useAddMember, userSearchQueryOptions } from '../api/members.ts';

/** Finds a user by email or name and gives them a role in the group. */
export function AddMemberForm({ groupId, memberIds }: { groupId: number; memberIds: ReadonlySet<number> }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<GroupRole>('GU');
  const users = useQuery(userSearchQueryOptions(debounced));
  const add = useAddMember(groupId);
  const candidates = (users.data ?? []).filter((user) => !memberIds.has(user.id)).map((user) => ({ value: String(user.id), label: user.email }));
  const errors = add.error instanceof ApiError ? add.error.fieldErrors : {};
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (userId === null) return;
        add.mutate({ userId: Number(userId), role }, { onSuccess: () => { setUserId(null); setSearch(''); } });
      }}
    >
      <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
        <Select
          label="User"
          placeholder="Search by email or name"
          searchable
          clearable
          data={candidates}
          value={userId}
          onChange={setUserId}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={debounced ? 'No user found' : 'Type to search'}
          filter={({ options }) => options}
          error={errors['user_id']?.join(' ') ?? (add.error && !(add.error instanceof ApiError && add.error.status === 400) ? add.error.message : undefined)}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <Select label="Role" data={GROUP_ROLES} value={role} allowDeselect={false} onChange={(value) => setRole((value as GroupRole | null) ?? 'GU')} w={170} error={errors['role']?.join(' ')} />
        <Button type="submit" mt={25} loading={add.isPending} disabled={userId === null}>
          Add member
        </Button>
      </Group>
    </form>
  );
}
