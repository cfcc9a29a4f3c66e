import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import type { useConfirmOtp } from '../api/otps.ts';
import { QrCode } from './qr-code.tsx';

interface OtpEnrolmentProps {
  /** otpauth://totp/Binlens:<email>?secret=…&issuer=Binlens */
  configUrl: string;
  confirm: ReturnType<typeof useConfirmOtp>;
}

/** Step two of the setup: scan the QR code (or type the key), then prove it with a code. */
export function OtpEnrolment({ configUrl, confirm }: OtpEnrolmentProps) {
  const [code, setCode] = useState('');
  const secret = new URL(configUrl).searchParams.get('secret') ?? '';
  const error = confirm.error instanceof ApiError ? (confirm.error.fieldErrors.code?.join(' ') ?? null) : null;
  const formError = confirm.error && !error ? (confirm.error instanceof ApiError ? messageOf(confirm.error.body) : confirm.error.message) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };

  return (
    <Stack gap="md">
      <Text size="sm">1. Scan this QR code with your authenticator app, or enter the key by hand.</Text>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <QrCode value={configUrl} label="QR code to scan with your authenticator app" />
        <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Text size="sm" fw={500}>
            Key
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code style={{ overflowWrap: 'anywhere' }} data-testid="otp-secret">
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="otp-config-url">
            {configUrl}
          </Text>
        </Stack>
      </Group>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">2. Enter the six-digit code the app shows now.</Text>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              w={160}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={confirm.isPending} disabled={code.trim().length === 0}>
              Turn on
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
