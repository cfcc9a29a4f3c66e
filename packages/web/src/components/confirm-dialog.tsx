import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  /** While the confirmed action runs: the buttons wait. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §9: a destructive action asks first; the confirming button says 'Yes'. */
export function ConfirmDialog({ opened, title, message, pending = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending} data-autofocus>
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
