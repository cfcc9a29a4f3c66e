import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useLoginMessagesDialog } from '../lib/login-messages.ts';

const COLOR = { info: 'blue', warning: 'yellow', error: 'red' } as const;

/** The login messages loaded for ?checkLoginMessages (lib/navigation-guard.ts), newest first. */
export function LoginMessagesDialog() {
  const { messages, close } = useLoginMessagesDialog();
  return (
    <Modal opened={messages.length > 0} onClose={close} title="Messages" centered size="lg">
      <Stack gap="sm">
        {messages.map((message) => (
          <Alert key={message.id} color={COLOR[message.level]} variant="light" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Alert>
        ))}
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button onClick={close} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
