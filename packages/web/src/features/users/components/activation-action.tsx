import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { messageOf, ApiError } from '../../../lib/api-client.ts';
import type { AccountUser } from '../../../lib/api-schemas.ts';
import { useBulkUpdateUsers } from '../api/user-mutations.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface ActivationDialogProps {
  /** The users to activate or deactivate; null: the dialog is closed. */
  users: AccountUser[] | null;
  active: boolean;
  onClose: () => void;
}

/** Spec §9 "activate user" / "deactivate user": asks, then changes all of them or none (POST /rest/users/update/). */
export function ActivationDialog({ users, active, onClose }: ActivationDialogProps) {
  const update = useBulkUpdateUsers();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const names = (users ?? []).map((user) => user.email);
  const who = names.length === 1 ? names[0] : `${names.length} users`;
  return (
    <ConfirmDialog
      opened={users !== null}
      title={active ? 'Activate user' : 'Deactivate user'}
      loading={update.isPending}
      onCancel={close}
      onConfirm={() =>
        update.mutate(
          { ids: (users ?? []).map((user) => user.id), is_active: active },
          { onSuccess: close, onError: (failure) => setError(failure instanceof ApiError ? messageOf(failure.body) : String(failure)) },
        )
      }
    >
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      {active
        ? `Activate ${who}? They can sign in again.`
        : `Deactivate ${who}? They can no longer sign in and their sessions and API keys end; their data stays.`}
    </ConfirmDialog>
  );
}

interface ActivationButtonProps {
  user: AccountUser;
  size?: 'xs' | 'sm';
}

/** Activate or Deactivate, whichever applies, behind its confirmation. */
export function ActivationButton({ user, size = 'sm' }: ActivationButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="light" color={user.is_active ? 'orange' : 'green'} onClick={() => setOpen(true)}>
        {user.is_active ? 'Deactivate' : 'Activate'}
      </Button>
      <ActivationDialog users={open ? [user] : null} active={!user.is_active} onClose={() => setOpen(false)} />
    </>
  );
}
