import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group as Row, Modal, MultiSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from '../../../lib/zod.ts';
import type { AccountUser } from '../../../lib/api-schemas.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { visibleGroupsQueryOptions } from '../api/memberships.ts';
import { useCreateUser } from '../api/user-mutations.ts';

/** The server's floor; the company's own minimum (12 by default) is the server's to check, and its message is shown. */
export const MIN_PASSWORD_LENGTH = 8;

const inviteSchema = z
  .object({
    email: z.string().trim().min(1, 'This field is required.').max(254).email('Enter a valid email address.'),
    groups: z.array(z.string()),
    send_email_invite: z.boolean(),
    password: z.string(),
  })
  .refine((values) => values.send_email_invite || values.password.length >= MIN_PASSWORD_LENGTH, {
    path: ['password'],
    message: `Without an invitation, give a password of at least ${MIN_PASSWORD_LENGTH} characters (the company may ask for more).`,
  });

type InviteValues = z.infer<typeof inviteSchema>;

interface InviteUserDialogProps {
  opened: boolean;
  onClose: () => void;
  onInvited: (user: AccountUser, mailed: boolean) => void;
}

/** "Invite user": email, the groups they join as member, and an invitation mail (or a password where there is no mail). */
export function InviteUserDialog({ opened, onClose, onInvited }: InviteUserDialogProps) {
  const groups = useQuery({ ...visibleGroupsQueryOptions(), enabled: opened });
  const createUser = useCreateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, reset, formState } = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', groups: [], send_email_invite: true, password: '' },
  });
  const sendInvite = useWatch({ control, name: 'send_email_invite' });
  const close = () => {
    reset();
    setFormError(null);
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const body = {
      email: values.email,
      groups: values.groups.map(Number),
      send_email_invite: values.send_email_invite,
      ...(values.send_email_invite ? {} : { password: values.password }),
    };
    createUser.mutate(body, {
      onSuccess: (user) => {
        close();
        onInvited(user, values.send_email_invite);
      },
      onError: (error) => setFormError(applyServerErrors(error, ['email', 'groups', 'password'], setError)),
    });
  });

  return (
    <Modal opened={opened} onClose={close} title="Invite user" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="off" data-autofocus error={formState.errors.email?.message} {...register('email')} />
          <Controller
            control={control}
            name="groups"
            render={({ field }) => (
              <MultiSelect
                label="Groups"
                description="The user joins these groups as member."
                placeholder={field.value.length === 0 ? 'No groups' : undefined}
                data={(groups.data?.results ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
                searchable
                clearable
                value={field.value}
                onChange={field.onChange}
                error={formState.errors.groups?.message}
              />
            )}
          />
          <Checkbox label="Send an invitation mail with a link to set a password" {...register('send_email_invite')} />
          {!sendInvite && (
            <PasswordInput
              label="Password"
              description="For installations without mail: tell the user this password."
              autoComplete="new-password"
              error={formState.errors.password?.message}
              {...register('password')}
            />
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              {sendInvite ? 'Send invitation' : 'Create user'}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
