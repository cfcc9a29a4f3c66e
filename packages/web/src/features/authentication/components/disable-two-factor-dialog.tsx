import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { useDisableOtp } from '../api/otps.ts';

interface DisableTwoFactorDialogProps {
  opened: boolean;
  onClose: () => void;
  onDisabled: () => void;
}

/** Spec §9: a destructive change asks first ('Yes'); turning two-factor off also asks for the password or a code. */
export function DisableTwoFactorDialog({ opened, onClose, onDisabled }: DisableTwoFactorDialogProps) {
  const disable = useDisableOtp();
  const [proof, setProof] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const fieldError = disable.error instanceof ApiError ? (disable.error.fieldErrors[proof]?.join(' ') ?? null) : null;
  const formError = disable.error && !fieldError ? (disable.error instanceof ApiError ? messageOf(disable.error.body) : disable.error.message) : null;

  const close = () => {
    setValue('');
    disable.reset();
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(proof === 'password' ? { password: value } : { code: value.trim() }, {
      onSuccess: () => {
        setValue('');
        disable.reset();
        onDisabled();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Turn off two-factor sign-in?" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Signing in will ask only for your password. Confirm it is you:</Text>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <SegmentedControl
            value={proof}
            onChange={(next) => {
              setProof(next === 'code' ? 'code' : 'password');
              setValue('');
              disable.reset();
            }}
            data={[
              { value: 'password', label: 'With the password' },
              { value: 'code', label: 'With a code' },
            ]}
          />
          {proof === 'password' ? (
            <TextInput label="Password" type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={fieldError} data-autofocus />
          ) : (
            <TextInput label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={value} onChange={(e) => setValue(e.currentTarget.value)} error={fieldError} data-autofocus />
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={disable.isPending} disabled={value.length === 0}>
              Yes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
