import { Alert, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Rescoring, TriageBadge } from '../../../components/triage-badge.tsx';
import type { Triage } from '../../../lib/api-schemas.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { displayText, formatDateTime } from '../../../lib/format.ts';
import { isRescoring, isResolving, useTriageAccess } from '../../../lib/triage.ts';
import { useTriageNames, type TriageNames } from '../api/triage-names.ts';
import { forgetTriage, triageQueryOptions, useRemoveTriages } from '../api/triages.ts';
import { TriageForm } from './triage-form.tsx';
import { scopeText, versionText } from './triage-text.ts';

/** One triage (spec §2 /triages/{triageId}/): what it is about, the form that changes it, and its removal. */
export function TriagePage({ triageId }: { triageId: number }) {
  const { data: triage } = useSuspenseQuery(triageQueryOptions(triageId));
  const names = useTriageNames([triage]);
  const { allowed } = useTriageAccess();
  const [removing, setRemoving] = useState(false);
  return (
    <>
      <PageHeader
        title={`Triage of ${displayText(triage.vuln_id)}`}
        actions={
          allowed && (
            <Button color="red" variant="light" size="xs" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          )
        }
      />
      <Stack gap="lg" maw={760}>
        <TriageFacts triage={triage} names={names} />
        {!allowed && (
          <Alert color="gray" role="note">
            Triage is off for the account, or your role may not triage: this triage is shown as it is.
          </Alert>
        )}
        <TriageForm triage={triage} names={names} readOnly={!allowed} />
      </Stack>
      <RemoveTriage triage={triage} opened={removing} onClose={() => setRemoving(false)} />
    </>
  );
}

function TriageFacts({ triage, names }: { triage: Triage; names: TriageNames }) {
  const { display_local_time: local } = useCurrentUser();
  const origin = triage.scan_id;
  const author = names.user(triage.user) ?? (triage.user === null ? 'A removed user' : `User #${triage.user}`);
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: 'Vulnerability',
      value: (
        <AnchorLink to="/vulnerabilities/$vulnerabilityId" params={{ vulnerabilityId: triage.vuln_id }} ff="monospace" size="sm">
          {displayText(triage.vuln_id)}
        </AnchorLink>
      ),
    },
    { label: 'Component', value: `${displayText(triage.component_name)} ${versionText(triage)}`.trim() },
    {
      label: 'Outcome',
      value: (
        <Group gap="xs">
          <TriageBadge triage={triage} />
          <Text size="sm">{isResolving(triage) ? 'Resolves it' : isRescoring(triage) ? 'Re-scores it' : 'A comment: it stays open'}</Text>
          {isRescoring(triage) && <Rescoring before={names.severity(triage.vuln_id)} triage={triage} />}
        </Group>
      ),
    },
    { label: 'Holds for', value: scopeText(triage, names) },
    {
      label: 'Made on',
      value:
        origin === null ? (
          <Text size="sm" c="dimmed">
            An application since removed
          </Text>
        ) : (
          <AnchorLink to="/product/$scanId/analysis" params={{ scanId: origin }} size="sm">
            {displayText(names.application(origin) ?? `Application #${origin}`)}
          </AnchorLink>
        ),
    },
    { label: 'Made by', value: `${displayText(author)}, ${formatDateTime(triage.created, local)}` },
    { label: 'Changed', value: formatDateTime(triage.modified, local) },
  ];
  return (
    <Box component="section" aria-label="Triage">
      <Table variant="vertical" layout="fixed" withTableBorder verticalSpacing={6} aria-label="Triage facts">
        <Table.Tbody>
          {facts.map((fact) => (
            <Table.Tr key={fact.label}>
              <Table.Th w={130}>{fact.label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{fact.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/**
 * Spec §9: removing a triage asks first. An unresolving one (a comment or a re-scoring) has its
 * own confirmation, since its removal changes no verdict the way a resolving one's does.
 */
function RemoveTriage({ triage, opened, onClose }: { triage: Triage; opened: boolean; onClose: () => void }) {
  const remove = useRemoveTriages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const what = `${displayText(triage.vuln_id)} of ${displayText(triage.component_name)}`;
  const resolving = isResolving(triage);
  const title = resolving ? 'Remove triage' : 'Remove unresolving triage';
  const message = resolving
    ? `Remove this triage of ${what}? The vulnerability opens again in every application the triage reaches.`
    : isRescoring(triage)
      ? `Remove this re-scoring of ${what}? The vulnerability did not count as resolved; it counts at its own severity again.`
      : `Remove this comment on ${what}? It did not resolve the vulnerability, so nothing is counted differently.`;
  return (
    <>
      <ConfirmDialog
        opened={opened}
        title={title}
        message={message}
        pending={remove.isPending}
        onCancel={onClose}
        onConfirm={() =>
          remove.mutate([triage], {
            onSuccess: () => void navigate({ to: '/triages' }).then(() => forgetTriage(queryClient, triage.id)),
            onSettled: onClose,
          })
        }
      />
      {remove.isError && (
        <Alert color="red" role="alert" mt="md">
          {remove.error.message}
        </Alert>
      )}
    </>
  );
}
