import { Badge, Box, Button, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import type { ResultComponent, Scan } from '../../../lib/api-schemas.ts';
import { displayText, formatNumber } from '../../../lib/format.ts';
import {
  componentIgnoresQueryOptions, componentMovesQueryOptions, useRemoveIgnore, useRemoveLicenseOverride, useRemoveName, useRemoveVersionOverride, useUndoMove,
  versionOverridesQueryOptions,
} from '../api/overrides.ts';
import { type AdjustmentAccess, filesOf, storedScopeLabel, useAdjustmentAccess } from './adjustment-access.ts';
import { IgnoreDialog } from './ignore-dialog.tsx';
import { LicenseOverrideDialog } from './license-override-dialog.tsx';
import { MoveFilesDialog } from './move-files-dialog.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { VersionOverrideDialog } from './version-override-dialog.tsx';

export interface ComponentAdjustmentsProps {
  scan: Scan;
  component: ResultComponent;
  /** Every component of the scan: where files may be moved to, and where they came from. */
  components: readonly ResultComponent[];
}

type DialogName = 'version' | 'licence' | 'rename' | 'ignore' | 'move';

/** The component panel's adjustments: what users changed about the component, and the actions to change it. */
export function ComponentAdjustments({ scan, component, components }: ComponentAdjustmentsProps) {
  const access = useAdjustmentAccess(scan.group);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const close = () => setDialog(null);
  return (
    <Box component="section" aria-label="Adjustments">
      <Title order={3} size="h5" mb={6}>
        Adjustments
      </Title>
      <Stack gap="sm">
        <Actions access={access} component={component} others={components.length > 1} open={setDialog} />
        <CurrentAdjustments scan={scan} component={component} components={components} access={access} />
      </Stack>
      <VersionOverrideDialog opened={dialog === 'version'} onClose={close} scan={scan} component={component} scopes={access.versionScopes} />
      <LicenseOverrideDialog opened={dialog === 'licence'} onClose={close} scan={scan} component={component} scopes={access.licenceScopes} components={components} />
      <RenameDialog opened={dialog === 'rename'} onClose={close} component={component} />
      <IgnoreDialog opened={dialog === 'ignore'} onClose={close} scan={scan} component={component} />
      <MoveFilesDialog opened={dialog === 'move'} onClose={close} scan={scan} component={component} components={components} />
    </Box>
  );
}

function Actions({ access, component, others, open }: { access: AdjustmentAccess; component: ResultComponent; others: boolean; open: (name: DialogName) => void }) {
  const hasFiles = filesOf(component).length > 0;
  const noFiles = 'No file of this component has a SHA-1 to key it on.';
  const versionBlocked = !hasFiles ? noFiles : access.versionScopes.length === 0 ? 'Version overrides are turned off for this account (account settings).' : null;
  const buttons = [
    access.licenceScopes.length > 0 && { name: 'version' as const, label: 'Override version', blocked: versionBlocked },
    access.licenceScopes.length > 0 && { name: 'licence' as const, label: 'Override licence', blocked: null },
    access.admin && { name: 'rename' as const, label: 'Rename', blocked: null },
    access.ignore && component.ignored_component_ids.length === 0 && { name: 'ignore' as const, label: 'Ignore component', blocked: null },
    access.changeGroup && { name: 'move' as const, label: 'Move files', blocked: !hasFiles ? noFiles : !others ? 'The scan has no other component.' : null },
  ].filter((button) => button !== false);
  if (buttons.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Adjust the component">
      {buttons.map((button) =>
        button.blocked === null ? (
          <Button key={button.name} size="compact-sm" variant="light" onClick={() => open(button.name)}>
            {button.label}
          </Button>
        ) : (
          <Tooltip key={button.name} label={button.blocked} multiline w={260}>
            <Button size="compact-sm" variant="light" data-disabled onClick={(event) => event.preventDefault()}>
              {button.label}
            </Button>
          </Tooltip>
        ),
      )}
    </Group>
  );
}

interface Removal {
  title: string;
  message: string;
  run: () => Promise<unknown>;
}

interface Row {
  key: string;
  kind: string;
  text: string;
  scope: string | null;
  /** Null: the user may not remove it. */
  removal: Removal | null;
  removeLabel?: string;
}

function CurrentAdjustments({ scan, component, components, access }: ComponentAdjustmentsProps & { access: AdjustmentAccess }) {
  const versions = useQuery(versionOverridesQueryOptions(scan.id, component.lib));
  const ignores = useQuery(componentIgnoresQueryOptions(scan.id));
  const moves = useQuery(componentMovesQueryOptions(scan.id));
  const removeVersion = useRemoveVersionOverride();
  const removeLicence = useRemoveLicenseOverride();
  const removeName = useRemoveName();
  const removeIgnore = useRemoveIgnore();
  const undoMove = useUndoMove(scan.id);
  const [confirming, setConfirming] = useState<Removal | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const failed = [versions, ignores, moves].find((query) => query.isError);
  if (failed?.error) return <QueryErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (versions.isPending || ignores.isPending || moves.isPending) return <Loader size="sm" aria-label="Loading the adjustments" />;

  const name = displayText(component.name_override?.name ?? component.lib);
  const mayChange = (scope: number) => (scope === 3 ? access.admin : access.changeGroup);
  const hashes = new Set(filesOf(component).map((file) => file.sha1));
  const labelOf = (uid: string) => {
    const other = components.find((c) => c.uid === uid);
    return other ? displayText(`${other.name_override?.name ?? other.lib} ${other.version}`.trim()) : 'a component the move emptied';
  };
  const rows: Row[] = [
    ...(versions.data ?? [])
      .filter((override) => override.hashes.some((hash) => hashes.has(hash)))
      .map((override): Row => ({
        key: `v${override.id}`,
        kind: 'Version',
        text: `${displayText(override.version)}${override.version === component.custom_version ? ' (shown)' : ''}`,
        scope: storedScopeLabel(override, scan),
        removal: mayChange(override.scope) ? {
          title: 'Remove version override',
          message: `Remove the version override ${override.version} of ${name}? The results of every application it reaches are recalculated: their vulnerabilities and counts follow the detected version again.`,
          run: () => removeVersion.mutateAsync(override.id),
        } : null,
      })),
    ...component.license_overrides.map((override, index): Row => ({
      key: `l${override.id}`,
      kind: 'Licence',
      text: `${displayText(override.license_name)}${index === 0 ? ' (shown)' : ''}${override.component_version === null ? ', every version' : ''}`,
      scope: storedScopeLabel(override, scan),
      removal: mayChange(override.scope) ? {
        title: 'Remove licence override',
        message: `Remove the licence override ${override.license_name} of ${name}? The component falls back to the next remaining override or to its detected licence.`,
        run: () => removeLicence.mutateAsync(override.id),
      } : null,
    })),
    ...(component.name_override ? [{
      key: `n${component.name_override.id}`,
      kind: 'Name',
      text: `${displayText(component.name_override.name)} (detected as ${displayText(component.lib)})`,
      scope: 'Global',
      removal: access.admin ? {
        title: 'Remove display name',
        message: `Show ${component.lib} by its detected name again, in every application?`,
        run: () => removeName.mutateAsync(component.name_override?.id ?? 0),
      } : null,
    }] : []),
    ...(ignores.data ?? [])
      .filter((ignore) => component.ignored_component_ids.includes(String(ignore.id)))
      .map((ignore): Row => ({
        key: `i${ignore.id}`,
        kind: 'Ignored',
        text: [ignore.component_version === null ? 'every version' : `version ${displayText(ignore.component_version)}`, displayText(ignore.description)].filter((part) => part !== '').join(' · '),
        scope: ignoreScopeLabel(ignore, scan),
        removal: access.ignore ? {
          title: 'Remove component ignore',
          message: `Count the vulnerabilities of ${name} again where this ignore holds?`,
          run: () => removeIgnore.mutateAsync(ignore.id),
        } : null,
      })),
    ...(moves.data ?? [])
      .filter((move) => move.to_uid === component.uid || move.from_uid === component.uid)
      .map((move): Row => {
        const files = `${formatNumber(move.hashes.length)} ${move.hashes.length === 1 ? 'file' : 'files'}`;
        const incoming = move.to_uid === component.uid;
        return {
          key: `m${move.id}`,
          kind: 'Moved',
          text: incoming ? `${files} from ${labelOf(move.from_uid)}` : `${files} to ${labelOf(move.to_uid)}`,
          scope: null,
          removeLabel: 'Undo',
          removal: access.changeGroup ? {
            title: 'Undo move',
            message: `Move the ${files} back from ${labelOf(move.to_uid)} to ${labelOf(move.from_uid)}?`,
            run: () => undoMove.mutateAsync(move.id),
          } : null,
        };
      }),
  ];

  const confirm = async () => {
    if (!confirming) return;
    setPending(true);
    setFailure(null);
    try {
      await confirming.run();
      setConfirming(null);
    } catch (error) {
      setFailure(error);
      setConfirming(null);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">No version, licence or name overrides, ignores or moved files.</Text>
      ) : (
        <Stack gap={6} role="list" aria-label="Current adjustments">
          {rows.map((row) => (
            <Group key={row.key} role="listitem" gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
              <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
                <Badge size="sm" variant="light" tt="none">
                  {row.kind}
                </Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.text}
                </Text>
                {row.scope !== null && (
                  <Text size="xs" c="dimmed">
                    {row.scope}
                  </Text>
                )}
              </Group>
              {row.removal !== null && (
                <Button size="compact-xs" variant="subtle" color="red" style={{ flexShrink: 0 }} onClick={() => setConfirming(row.removal)} aria-label={`${row.removeLabel ?? 'Remove'} ${row.kind.toLowerCase()}: ${row.text}`}>
                  {row.removeLabel ?? 'Remove'}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {failure !== null && failure !== undefined && <QueryErrorAlert error={failure} title="Could not remove it" />}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming?.title ?? ''}
        message={confirming?.message ?? ''}
        pending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

function ignoreScopeLabel(ignore: { scope: string; group_scope: number | null; result_scope: number | null; application_name: string | null; triaged_obj: string | null }, scan: Scan): string {
  switch (ignore.scope) {
    case 'R':
      return ignore.result_scope === scan.id ? 'This application' : 'Another application';
    case 'FN':
      return `Every upload named ${displayText(ignore.application_name ?? '')}`;
    case 'G':
      return ignore.group_scope === scan.group ? `Group ${displayText(scan.group_name)}` : 'A parent group';
    case 'FH':
      return `Files with SHA-1 ${(ignore.triaged_obj ?? '').slice(0, 12)}…`;
    default:
      return 'Every application';
  }
}
