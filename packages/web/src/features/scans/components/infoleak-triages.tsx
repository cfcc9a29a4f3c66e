import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import type { InfoleakTriage } from '../../../lib/api-schemas.ts';
import { displayText, formatDateTime, truncate } from '../../../lib/format.ts';
import {
  TRIAGE_RATIONALE_LABELS, TRIAGE_SCOPE_LABELS, triageGroupsQueryOptions, useInfoleakTriageMutations,
} from '../api/infoleak-triage.ts';
import { useTriageAccess } from '../../../lib/triage.ts';

/** Where a triage holds, in words: "Application name: firmware.bin", "Group: Routers", "This application". */
export function triageScopeText(triage: InfoleakTriage, scanId: number, groupName?: (id: number) => string | undefined): string {
  const label = TRIAGE_SCOPE_LABELS[triage.scope];
  switch (triage.scope) {
    case 'CA':
      return `${label}: every application`;
    case 'G':
      return `${label}: ${triage.group_scope === null ? '-' : displayText(groupName?.(triage.group_scope) ?? `#${triage.group_scope}`)}`;
    case 'R':
      return triage.result_scope === scanId ? `${label}: this one` : `${label}: #${triage.result_scope ?? '-'}`;
    case 'FN':
      return `${label}: ${displayText(triage.application_name ?? '-')}`;
    case 'FH':
      return `${label}: ${truncate(triage.file_hash ?? '-', 14)}`;
  }
}

/** Who triaged and when: "ada · 2026-03-04 05:06 UTC". */
function triageByline(triage: InfoleakTriage): string {
  return `${displayText(triage.user_name ?? 'Removed user')} · ${formatDateTime(triage.created)}`;
}

/** The triages of a finding in the triaged list: the first one's rationale, scope, author and time; how many more. */
export function TriageSummary({ triages, scanId }: { triages: readonly InfoleakTriage[]; scanId: number }) {
  const [first] = triages;
  if (!first) return null;
  return (
    <Stack gap={0} miw={160} style={{ whiteSpace: 'normal' }}>
      <Group gap={4} wrap="nowrap">
        <Badge size="sm" variant="light" color="teal" tt="none">
          {TRIAGE_RATIONALE_LABELS[first.rationale]}
        </Badge>
        {triages.length > 1 && (
          <Text size="xs" c="dimmed">
            {`+${triages.length - 1} more`}
          </Text>
        )}
      </Group>
      <Text size="xs">{triageScopeText(first, scanId)}</Text>
      <Text size="xs" c="dimmed">
        {triageByline(first)}
      </Text>
    </Stack>
  );
}

/** Every triage of a finding in its side panel, each with "Remove triage" for those who may triage. */
export function LeakTriages({ scanId, triages }: { scanId: number; triages: readonly InfoleakTriage[] }) {
  const canTriage = useTriageAccess().allowed;
  const groups = useQuery({ ...triageGroupsQueryOptions(), enabled: triages.some((triage) => triage.scope === 'G') });
  const { remove } = useInfoleakTriageMutations(scanId);
  const [removing, setRemoving] = useState<InfoleakTriage | null>(null);
  const groupName = (id: number) => groups.data?.results.find((group) => group.id === id)?.name;
  const confirm = () => {
    if (!removing) return;
    remove.mutate(removing, { onSettled: () => setRemoving(null) });
  };
  return (
    <Stack gap="xs">
      {remove.isError && (
        <Alert color="red" role="alert">
          {remove.error instanceof ApiError ? messageOf(remove.error.body) : 'The triage could not be removed.'}
        </Alert>
      )}
      {triages.map((triage) => (
        <Paper key={triage.id} withBorder p="sm" aria-label={`Triage ${triage.id}`}>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Badge variant="light" color="teal" tt="none">
                {TRIAGE_RATIONALE_LABELS[triage.rationale]}
              </Badge>
              {canTriage && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRemoving(triage)}>
                  Remove triage
                </Button>
              )}
            </Group>
            <Text size="sm">{triageScopeText(triage, scanId, groupName)}</Text>
            {triage.description !== '' && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {triage.description.split('\n').map(displayText).join('\n')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {triageByline(triage)}
            </Text>
          </Stack>
        </Paper>
      ))}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove triage"
        message="The findings it holds for return to the matched list, here and wherever its scope reaches, unless another triage holds for them."
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
