import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { otpDeviceQueryOptions, useConfirmOtp, useEnrolOtp } from '../api/otps.ts';
import { TwoFactorBadge } from './two-factor-badge.tsx';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog.tsx';
import { OtpEnrolment } from './otp-enrolment.tsx';

interface TwoFactorSectionProps {
  otpActive: boolean;
  email: string;
}

/** Two-factor sign-in of the signed-in user: set up with an authenticator app, or turn off. */
export function TwoFactorSection({ otpActive, email }: TwoFactorSectionProps) {
  const device = useQuery(otpDeviceQueryOptions());
  const enrol = useEnrolOtp();
  const [disabling, setDisabling] = useState(false);
  // Here rather than in the enrolment form, which unmounts as soon as the device is confirmed.
  const confirm = useConfirmOtp();
  const justEnabled = confirm.isSuccess;
  const configUrl = otpActive ? null : (device.data?.config_url ?? null);

  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Two-factor sign-in
        </Title>
        <TwoFactorBadge on={otpActive} />
      </Group>
      {device.isError ? (
        <QueryErrorAlert error={device.error} onRetry={() => void device.refetch()} />
      ) : device.isPending ? (
        <Skeleton height={36} />
      ) : otpActive ? (
        <Stack gap="sm">
          {justEnabled && (
            <Alert color="green" role="status">
              Two-factor sign-in is on. From now on, signing in asks for a code from your authenticator app.
            </Alert>
          )}
          <Text size="sm">Signing in as {email} asks for your password and a code from your authenticator app.</Text>
          <Group>
            <Button variant="default" color="red" onClick={() => setDisabling(true)}>
              Turn off two-factor sign-in
            </Button>
          </Group>
        </Stack>
      ) : configUrl ? (
        <OtpEnrolment configUrl={configUrl} confirm={confirm} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">Protect your account with a code from an authenticator app (such as FreeOTP, Aegis or Google Authenticator) besides your password.</Text>
          {enrol.isError && <QueryErrorAlert error={enrol.error} title="Could not start the setup" />}
          <Group>
            <Button onClick={() => enrol.mutate()} loading={enrol.isPending}>
              Set up two-factor sign-in
            </Button>
          </Group>
        </Stack>
      )}
      <DisableTwoFactorDialog
        opened={disabling}
        onClose={() => setDisabling(false)}
        onDisabled={() => {
          setDisabling(false);
          confirm.reset();
        }}
      />
    </Card>
  );
}
