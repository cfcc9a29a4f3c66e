import { Alert, Button, Menu, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { ScanBulkResult } from '../../../lib/api-schemas.ts';
import { formatCount, formatNumber } from '../../../lib/format.ts';
import { BULK_ACTIONS, type BulkAction, useBulkScanAction } from '../api/scan-control.ts';

interface ScanBulkActionsProps {
  /** The selected scans' ids. */
  ids: number[];
  /** After an action: what the server did and refused; the list clears its selection and shows it (ScanBulkOutcome). */
  onDone: (outcome: BulkOutcome) => void;
}

export interface BulkOutcome {
  action: BulkAction;
  result: ScanBulkResult;
}

const MESSAGES: Record<BulkAction, (count: string) => string> = {
  rescan: (count) => `Rescan ${count}? Their current results are replaced when the new scans finish.`,
  remove: (count) => `Remove ${count} with all their results and files? This cannot be undone.`,
  removeFiles: (count) => `Remove the uploaded files of ${count}? Their results stay, but they can no longer be rescanned.`,
  abort: (count) => `Abort the analyses of ${count} that are still queued or running?`,
};

const ORDER: BulkAction[] = ['rescan', 'abort', 'removeFiles', 'remove'];

const applications = (n: number) => formatCount(n, 'selected application');

/** Spec §9 bulk actions on the selected rows, each confirmed with 'Yes'; what the server refused is listed with why. */
export function ScanBulkActions({ ids, onDone }: ScanBulkActionsProps) {
  const bulk = useBulkScanAction();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<BulkAction | null>(null);

  const run = () => {
    if (!confirming) return;
    const action = confirming;
    bulk.mutate(
      { action, ids },
      {
        onSuccess: (result) => onDone({ action, result }),
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <>
      {ids.length > 0 && (
        // One menu rather than four buttons: it fits beside the selection count on a phone.
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="default" aria-label="Bulk actions">
              With selected ▾
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ids.length === 2 && (
              // The earlier upload (lower id) as the base: what changed since.
              <Menu.Item onClick={() => void navigate({ to: '/diff', search: { base: Math.min(...ids), target: Math.max(...ids) } })}>Compare the two</Menu.Item>
            )}
            {ORDER.map((action) => (
              <Menu.Item key={action} color={action === 'remove' || action === 'removeFiles' ? 'red' : undefined} onClick={() => setConfirming(action)}>
                {BULK_ACTIONS[action].label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {bulk.isError && <Alert color="red">{bulk.error.message}</Alert>}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? BULK_ACTIONS[confirming].title : ''}
        message={confirming ? MESSAGES[confirming](applications(ids.length)) : ''}
        pending={bulk.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={run}
      />
    </>
  );
}

/** What the last bulk action did, and each id the server left as it was with why. */
export function ScanBulkOutcome({ action, result, onClose }: BulkOutcome & { onClose: () => void }) {
  const done = `${formatNumber(result.done.length)} ${BULK_ACTIONS[action].done}`;
  return (
    <Alert color={result.refused.length > 0 ? 'yellow' : 'green'} withCloseButton onClose={onClose} py={6} mb="xs" aria-label="Bulk action result">
      <Text size="sm">{result.refused.length > 0 ? `${done}; ${formatNumber(result.refused.length)} left as they were:` : `${done}.`}</Text>
      {result.refused.map((refusal) => (
        <Text size="sm" key={refusal.id}>{`#${refusal.id}: ${refusal.detail}`}</Text>
      ))}
    </Alert>
  );
}
