import { Alert, Button, Group as Row, Select, Stack, Switch } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError, messageOf, unwrap } from '../../../lib/api-client.ts';
import type { AccountUser } from '../../../lib/api-schemas.ts';
import { authKeys } from '../../../lib/auth-keys.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { userKeys } from '../api/keys.ts';
import { userQueryOptions } from '../api/users.ts';

type DisplaySettings = Pick<AccountUser, 'display_local_time' | 'container_default_view'>;

const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'tree', label: 'Tree' },
];

interface UserSettingsPageProps {
  userId: number;
}

/** How the app shows times and container images to the user; Save sends only what changed. */
export function UserSettingsPage({ userId }: UserSettingsPageProps) {
  const { data: user } = useSuspenseQuery(userQueryOptions(userId));
  // The message lives outside the form, which starts again from the saved values.
  const [message, setMessage] = useState<Message | null>(null);
  return (
    <Stack maw={480}>
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      <SettingsForm key={`${user.display_local_time}-${user.container_default_view}`} user={user} onMessage={setMessage} />
    </Stack>
  );
}

interface Message {
  ok: boolean;
  text: string;
}

function SettingsForm({ user, onMessage: setMessage }: { user: AccountUser; onMessage: (message: Message) => void }) {
  const [values, setValues] = useState<DisplaySettings>({ display_local_time: user.display_local_time, container_default_view: user.container_default_view });
  const save = useSaveSettings(user.id);
  const body = changedFields<DisplaySettings>(user, values);
  return (
    <Stack>
      <Switch
        label="Show times in the local time zone (instead of UTC)"
        checked={values.display_local_time}
        onChange={(event) => setValues({ ...values, display_local_time: event.currentTarget.checked })}
      />
      <Select
        label="Container images shown as"
        data={VIEWS}
        value={values.container_default_view}
        allowDeselect={false}
        onChange={(value) => value && setValues({ ...values, container_default_view: value })}
      />
      <Row justify="flex-end">
        <Button
          disabled={body === null}
          loading={save.isPending}
          onClick={() =>
            body &&
            save.mutate(body, {
              onSuccess: () => setMessage({ ok: true, text: 'The settings were saved.' }),
              onError: (error) => setMessage({ ok: false, text: error instanceof ApiError ? messageOf(error.body) : String(error) }),
            })
          }
        >
          Save
        </Button>
      </Row>
    </Stack>
  );
}

/** One's own settings go through users/me/ (no administrator needed); another user's through users/{id}/. */
function useSaveSettings(userId: number) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ display_local_time, container_default_view }: Partial<DisplaySettings>) => {
      const sent: { display_local_time?: boolean; container_default_view?: 'list' | 'tree' } = { display_local_time, container_default_view: container_default_view === 'tree' || container_default_view === 'list' ? container_default_view : undefined };
      if (userId === me.id) await unwrap(api.PATCH('/rest/users/me/', { body: sent }));
      else await unwrap(api.PATCH('/rest/users/{id}/', { params: { path: { id: userId } }, body: sent }));
    },
    meta: { handledStatuses: [400] },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }), queryClient.invalidateQueries({ queryKey: authKeys.me() })]),
  });
}
