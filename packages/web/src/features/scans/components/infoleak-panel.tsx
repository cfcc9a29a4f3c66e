import { Alert, Badge, Box, Button, Code, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { InfoleakItem } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatNumber } from '../../../lib/format.ts';
import { CopyButton } from '../../../components/copy-button.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { infoleakQueryOptions } from '../api/infoleak.ts';
import { FileTreeLink } from './file-tree-link.tsx';
import { InfoleakKindBadge, kindLabel } from './infoleak-kind-badge.tsx';
import { LeakTriages } from './infoleak-triages.tsx';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

/** "Line 12" for text, "Offset 0x1f40" for binaries; null when the engine gave neither. */
export function leakLocation(leak: Pick<InfoleakItem, 'line' | 'offset'>): string | null {
  if (leak.line !== null) return `Line ${formatNumber(leak.line)}`;
  if (leak.offset !== null) return `Offset 0x${leak.offset.toString(16)}`;
  return null;
}

/**
 * Multi-line text from an input, each line shown safely (displayText) but kept on its own line:
 * a private key or a context excerpt reads as it does in the file.
 */
function displayLines(text: string): string {
  return text.split('\n').map(displayText).join('\n');
}

function detailValue(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return formatNumber(value, Number.isInteger(value) ? 0 : 2);
  return displayText(value);
}

/** A monospace block that wraps anywhere, so a long token never widens the panel. */
function Block({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }}>
      {children}
    </Code>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** A cut part of a secret shorter than this is left as it is. */
const MIN_CUT = 4;

/**
 * The context with the secret in it masked: every whole occurrence or, when the excerpt holds
 * none (the value is longer than it), the part of it cut by either end of the excerpt.
 */
function maskContext(context: string, value: string, masked: string): string {
  if (value === '') return context;
  if (context.includes(value)) return context.split(value).join(masked);
  let out = context;
  const stars = (count: number) => '*'.repeat(Math.min(count, 32));
  for (let cut = Math.min(value.length - 1, out.length); cut >= MIN_CUT; cut -= 1) {
    if (out.endsWith(value.slice(0, cut))) {
      out = out.slice(0, -cut) + stars(cut);
      break;
    }
  }
  for (let cut = Math.min(value.length - 1, out.length); cut >= MIN_CUT; cut -= 1) {
    if (out.startsWith(value.slice(-cut))) {
      out = stars(cut) + out.slice(cut);
      break;
    }
  }
  return out;
}

interface LeakValueProps {
  leak: InfoleakItem;
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
}

/**
 * The value, masked until Reveal, with the Reveal and Copy buttons. A secret the viewer may not
 * reveal arrives masked from the server: it has neither.
 */
function LeakValue({ leak, revealed, onReveal }: LeakValueProps) {
  const secret = leak.masked !== null;
  const shown = secret && !revealed ? (leak.masked ?? '') : leak.value;
  if (secret && !leak.revealable) {
    return (
      <Field label="Value (masked)">
        <Block label="Value">{displayLines(shown)}</Block>
        <Text size="xs" c="dimmed" mt="xs">
          Secrets are shown in full to those who may change this group.
        </Text>
      </Field>
    );
  }
  return (
    <Field label={secret && !revealed ? 'Value (masked)' : 'Value'}>
      <Block label="Value">{displayLines(shown)}</Block>
      <Group gap="xs" mt="xs">
        {secret && (
          <Button size="xs" variant="light" color={revealed ? 'gray' : 'red'} onClick={() => onReveal(!revealed)} aria-pressed={revealed}>
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
        )}
        <CopyButton value={leak.value} label="Copy value" />
      </Group>
    </Field>
  );
}

/**
 * Every fact of one finding. A secret (one with a masked form) stays masked, in its value and
 * in its context, until Reveal: whoever sees the scan already received the value from the
 * API, so this only keeps secrets off the screen (and out of screenshots) unless asked for.
 */
function LeakDetails({ scanId, leak, onTriage }: { scanId: number; leak: InfoleakItem; onTriage?: ((leak: InfoleakItem) => void) | undefined }) {
  const [revealed, setRevealed] = useState(false);
  const location = leakLocation(leak);
  const details = Object.entries(leak.details ?? {});
  const context = leak.masked !== null && !revealed ? maskContext(leak.context, leak.value, leak.masked) : leak.context;
  return (
    <Stack gap="md">
      <Field label="Kind">
        <Group gap="xs" mt={2}>
          <InfoleakKindBadge kind={leak.kind} />
          {leak.decoy && (
            <Badge color="gray" variant="outline" size="sm" tt="none">
              documentation example
            </Badge>
          )}
        </Group>
      </Field>
      <Field label="Detector">
        <Text size="sm">{displayText(leak.detector)}</Text>
      </Field>
      <Field label="File">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {displayPath(leak.path)}
        </Text>
        {location && (
          <Text size="sm" c="dimmed">
            {location}
          </Text>
        )}
        <FileTreeLink path={leak.path} />
      </Field>
      <LeakValue leak={leak} revealed={revealed} onReveal={setRevealed} />
      <LeakTriageField scanId={scanId} leak={leak} onTriage={onTriage} />
      <Field label="Context">
        <Block label="Context">{displayLines(context)}</Block>
      </Field>
      {details.length > 0 && (
        <Field label="Details">
          <Table variant="vertical" withTableBorder layout="fixed" aria-label="Details" mt={4}>
            <Table.Tbody>
              {details.map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th w="40%" style={{ overflowWrap: 'anywhere' }}>
                    {displayText(key)}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{detailValue(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Field>
      )}
    </Stack>
  );
}

/**
 * The finding's triages, each removable by whoever may triage; or, for a finding none holds
 * for, the Triage action (absent where the user may not triage).
 */
function LeakTriageField({ scanId, leak, onTriage }: { scanId: number; leak: InfoleakItem; onTriage?: ((leak: InfoleakItem) => void) | undefined }) {
  const triages = leak.triages ?? [];
  if (triages.length > 0) {
    return (
      <Field label={triages.length === 1 ? 'Triage' : 'Triages'}>
        <LeakTriages scanId={scanId} triages={triages} />
      </Field>
    );
  }
  if (!onTriage) return null;
  return (
    <Field label="Triage">
      <Text size="sm" c="dimmed">
        Not triaged: the finding is in the matched list.
      </Text>
      <Button size="xs" variant="light" mt="xs" onClick={() => onTriage(leak)}>
        Triage
      </Button>
    </Field>
  );
}

interface InfoleakPanelProps {
  scanId: number;
  /** The selected finding's id; undefined keeps the panel closed. */
  selected: number | undefined;
  /** The finding when it is in the list shown; a linked id may not be, and is then fetched. */
  leak: InfoleakItem | undefined;
  onClose: () => void;
  /** Opens the triage dialog for the finding; absent where the user may not triage. */
  onTriage?: ((leak: InfoleakItem) => void) | undefined;
}

/** A finding off the page shown (a link from the file tree, another page): asked for by id. */
function FetchedLeak({ scanId, leakId, onTriage }: { scanId: number; leakId: number; onTriage?: ((leak: InfoleakItem) => void) | undefined }) {
  const query = useQuery(infoleakQueryOptions(scanId, leakId));
  if (query.isPending) return <Loader size="sm" aria-label="Loading the finding" />;
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === null) {
    // Spec §8: a missing infoleak id is 'Invalid arguments'.
    return (
      <Alert color="red" title="Invalid arguments">
        {`This scan has no information leak ${leakId}.`}
      </Alert>
    );
  }
  return (
    <Box key={query.data.id}>
      <LeakDetails scanId={scanId} leak={query.data} onTriage={onTriage} />
    </Box>
  );
}

/** The selected finding in full, on the right (the whole screen on a phone). */
export function InfoleakPanel({ scanId, selected, leak, onClose, onTriage }: InfoleakPanelProps) {
  const narrow = usePhoneWidth();
  // A finding off the list (linked, or just moved to the other list) is named once fetched: FetchedLeak shares this query.
  const fetched = useQuery({ ...infoleakQueryOptions(scanId, selected ?? 0), enabled: selected !== undefined && leak === undefined });
  const shown = leak ?? (fetched.data?.id === selected ? fetched.data : undefined);
  return (
    <Drawer
      opened={selected !== undefined}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 520}
      title={shown ? kindLabel(shown.kind) : 'Finding'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {leak ? (
        // A new finding starts masked.
        <Box key={leak.id}>
          <LeakDetails scanId={scanId} leak={leak} onTriage={onTriage} />
        </Box>
      ) : (
        selected !== undefined && <FetchedLeak scanId={scanId} leakId={selected} onTriage={onTriage} />
      )}
    </Drawer>
  );
}
