import { Button } from '@mantine/core';
import { useState } from 'react';
import type { AccountUser } from '../../../lib/api-schemas.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** Where the removal review opens (spec §2: users/{id}/remove/, in a new window). */
export function removalPageUrl(userId: number): string {
  return `/users/${userId}/remove`;
}

/** Spec §9 "remove user permanently with all data": asks, then opens the review page in a new window. */
export function RemoveUserAction({ user, size = 'sm' }: { user: AccountUser; size?: 'xs' | 'sm' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="subtle" color="red" onClick={() => setOpen(true)}>
        Remove permanently
      </Button>
      <ConfirmDialog
        opened={open}
        title="Remove user permanently with all data"
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          window.open(removalPageUrl(user.id), '_blank', 'noopener');
        }}
      >
        Remove {user.email} permanently with all their data? A new window shows what will be deleted before anything is.
      </ConfirmDialog>
    </>
  );
}
