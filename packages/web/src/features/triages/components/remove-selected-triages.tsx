import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { Triage } from '../../../lib/api-schemas.ts';
import { formatCount } from '../../../lib/format.ts';
import { useRemoveTriages } from '../api/triages.ts';

interface RemoveSelectedTriagesProps {
  /** The selected triages of the page. */
  triages: Triage[];
  /** After the removal: the list clears its selection. */
  onDone: () => void;
}

/** Spec §9 "remove selected triages", confirmed with 'Yes'; all are removed or none. */
export function RemoveSelectedTriages({ triages, onDone }: RemoveSelectedTriagesProps) {
  const remove = useRemoveTriages();
  const [confirming, setConfirming] = useState(false);
  if (triages.length === 0 && !confirming) return null;
  const count = formatCount(triages.length, 'selected triage');
  return (
    <>
      <Button size="compact-sm" variant="default" color="red" onClick={() => setConfirming(true)}>
        Remove selected
      </Button>
      {remove.isError && (
        <Alert color="red" py={4} role="alert">
          {remove.error.message}
        </Alert>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Remove selected triages"
        message={`Remove ${count}? The vulnerabilities they resolve or re-score count as they did before, in every application they reach.`}
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(triages, {
            onSuccess: onDone,
            onSettled: () => setConfirming(false),
          })
        }
      />
    </>
  );
}
