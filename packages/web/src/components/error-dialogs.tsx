import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DEFAULT_ERROR_MESSAGE } from '../lib/api-client.ts';
import { useErrorDialogStore } from '../stores/error-dialog-store.ts';

/** Spec §8: the app-wide dialogs for an expired session (401) and a server error (500). */
export function ErrorDialogs() {
  return (
    <>
      <SessionExpiredDialog />
      <ServerErrorDialog />
    </>
  );
}

function SessionExpiredDialog() {
  const opened = useErrorDialogStore((state) => state.sessionExpired);
  const setSessionExpired = useErrorDialogStore((state) => state.setSessionExpired);
  const navigate = useNavigate();
  const goToLogin = () => {
    setSessionExpired(false);
    void navigate({ to: '/login' });
  };
  return (
    <Modal opened={opened} onClose={goToLogin} title="Session expired" withCloseButton={false} centered>
      <Text mb="md">You need to log in in order to continue</Text>
      <Group justify="flex-end">
        <Button onClick={goToLogin}>Go to login</Button>
      </Group>
    </Modal>
  );
}

function ServerErrorDialog() {
  const serverError = useErrorDialogStore((state) => state.serverError);
  const close = useErrorDialogStore((state) => state.closeServerError);
  const text = serverError?.errorId
    ? `An unknown error occured. Error ID: ${serverError.errorId}`
    : DEFAULT_ERROR_MESSAGE;
  return (
    <Modal opened={serverError !== null} onClose={close} title="Error" centered>
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button onClick={close}>OK</Button>
      </Group>
    </Modal>
  );
}
