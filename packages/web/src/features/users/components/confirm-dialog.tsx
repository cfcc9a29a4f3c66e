import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
}

/** Spec §9: a destructive change asks first; the confirming button says 'Yes'. */
export function ConfirmDialog({ opened, title, children, onConfirm, onCancel, loading = false }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text mb="lg" component="div">
        {children}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
          Yes
        </Button>
      </Group>
    </Modal>
  );
}
