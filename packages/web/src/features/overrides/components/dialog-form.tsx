import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

interface DialogFormProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  pending: boolean;
  /** The mutation's error: what no field of the form shows goes into an alert above the buttons. */
  error: unknown;
  /** The fields the form shows its errors under. */
  fields: readonly string[];
  canSubmit?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog holding one small form: its fields, what went wrong, Cancel and the action. */
export function DialogForm({ opened, title, submitLabel, pending, error, fields, canSubmit = true, onSubmit, onClose, children }: DialogFormProps) {
  const narrow = usePhoneWidth();
  const message = otherErrors(error, fields);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={narrow} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="sm">
          {children}
          {message !== null && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!canSubmit}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The server's message for a field the form shows, or undefined. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[field]?.join(' ') : undefined;
}

function otherErrors(error: unknown, fields: readonly string[]): string | null {
  if (!(error instanceof ApiError)) return null;
  // A 500 is the app's error dialog's; a 401 the session dialog's.
  if (error.status >= 500 || error.status === 401) return null;
  if (error.status !== 400) return error.message;
  const rest = Object.entries(error.fieldErrors).filter(([field]) => !fields.includes(field)).flatMap(([, messages]) => messages);
  return rest.length > 0 ? rest.join(' ') : null;
}
