// The side panel of the files tab: one file or folder with everything the scan knows of it,
// and links to the tabs that list its findings.
import { Badge, Button, Code, CopyButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { FileDetail } from '../../../lib/api-schemas.ts';
import { displayPath, displayText, formatBytes, formatNumber, truncate } from '../../../lib/format.ts';
import { fileDetailQueryOptions, layerOf, layersQueryOptions } from '../api/files.ts';
import { typeWords } from './file-tree-nodes.tsx';
import { InfoleakKindBadge } from './infoleak-kind-badge.tsx';
import { leakLocation } from './infoleak-panel.tsx';
import { missingLabel } from '../../../lib/mitigations.ts';

const WRAP = { overflowWrap: 'anywhere' } as const;
/** A leak's value is cut in the panel's list; the info-leak tab shows it whole. */
const VALUE_CHARS = 60;

interface FileDetailsProps {
  scanId: number;
  path: readonly string[];
}

/** The file at `path`, loaded; a path the scan does not hold (an old link) says so. */
export function FileDetails({ scanId, path }: FileDetailsProps) {
  const query = useQuery(fileDetailQueryOptions(scanId, path));
  if (query.isPending) return <Loader size="sm" aria-label="Loading file" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Text size="sm" c="dimmed">
          This scan holds no file or folder at {displayPath(path)}.
        </Text>
      );
    }
    return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <Details scanId={scanId} file={query.data} />;
}

function Details({ scanId, file }: { scanId: number; file: FileDetail }) {
  const root = file.path.length === 0;
  return (
    <Stack gap="md">
      <Field label="Type">
        <Text size="sm">{capitalise(typeWords(file))}</Text>
      </Field>
      <Field label="Path">
        <Text size="sm" ff="monospace" style={WRAP}>
          {root ? 'The uploaded file itself' : displayPath(file.path)}
        </Text>
      </Field>
      {file.link_target !== null && (
        <Field label="Link to">
          <Text size="sm" ff="monospace" style={WRAP}>
            {displayText(file.link_target)}
          </Text>
        </Field>
      )}
      {file.size !== null && file.link_target === null && (
        <Field label="Size">
          <Text size="sm">{formatBytes(file.size)}</Text>
        </Field>
      )}
      {file.sha1 !== null && file.sha1 !== '' && <Hash label="SHA-1" value={file.sha1} />}
      {file.sha256 !== null && file.sha256 !== '' && <Hash label="SHA-256" value={file.sha256} />}
      {(file.layer !== null || file.whiteout !== null) && <LayerFacts scanId={scanId} layer={file.layer} whiteout={file.whiteout} />}
      <Components file={file} />
      <Leaks scanId={scanId} file={file} />
      {file.executable !== null && <Executable scanId={scanId} file={file} />}
      {file.mobile_app !== null && (
        <Field label="Mobile app">
          <Text size="sm" style={WRAP}>
            {`${file.mobile_app.platform === 'android' ? 'Android' : 'iOS'} app ${displayText(file.mobile_app.id)}`}
            {file.mobile_app.name !== null && ` (${displayText(file.mobile_app.name)})`}
          </Text>
          <AnchorLink to="/product/$scanId/mobile-apps" params={{ scanId }} size="xs">
            Open in Mobile apps
          </AnchorLink>
        </Field>
      )}
    </Stack>
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

/** A hash in monospace, wrapping anywhere, with a copy button. */
function Hash({ label, value }: { label: string; value: string }) {
  return (
    <Field label={label}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" ff="monospace" style={WRAP} aria-label={label}>
          {value}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="default" onClick={copy} aria-label={`Copy ${label}`} style={{ flexShrink: 0 }}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Field>
  );
}

/** Which layer the file came from and which later one deleted it, with each layer's build step. */
function LayerFacts({ scanId, layer, whiteout }: { scanId: number; layer: string | null; whiteout: string | null }) {
  const images = useQuery(layersQueryOptions(scanId)).data?.results ?? [];
  const describe = (digest: string) => {
    const found = layerOf(images, digest);
    return {
      where: found ? `layer ${formatNumber(found.index)} of ${formatNumber(found.count)}` : 'layer',
      step: found?.createdBy ?? null,
    };
  };
  const from = layer === null ? null : describe(layer);
  const deleted = whiteout === null ? null : describe(whiteout);
  return (
    <Field label="Layer">
      {from && layer !== null && (
        <>
          <Text size="sm">
            {`From ${from.where} · `}
            <Text span ff="monospace" size="sm" title={layer}>
              {layer.slice(0, 12)}
            </Text>
          </Text>
          {from.step !== null && <Step text={from.step} />}
        </>
      )}
      {deleted && whiteout !== null && (
        <>
          <Badge color="gray" variant="outline" tt="none" mt={4}>
            {`Deleted by whiteout in ${deleted.where}`}
          </Badge>
          <Text size="xs" c="dimmed">
            {'Shipped in the image but not in its file system: deleted by '}
            <Text span ff="monospace" size="xs" title={whiteout}>
              {whiteout.slice(0, 12)}
            </Text>
          </Text>
          {deleted.step !== null && <Step text={deleted.step} />}
        </>
      )}
      <AnchorLink to="/product/$scanId/layers" params={{ scanId }} size="xs">
        Show the layers
      </AnchorLink>
    </Field>
  );
}

function Step({ text }: { text: string }) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160, overflow: 'auto' }} my={4}>
      {displayText(text)}
    </Code>
  );
}

function Components({ file }: { file: FileDetail }) {
  if (file.components.length === 0) return null;
  return (
    <Field label={`Components (${formatNumber(file.components.length)})`}>
      <Group gap={4} mt={2}>
        {file.components.map((component) => (
          <Badge key={component.uid} color="blue" variant="light" tt="none" title={component.uid} maw="100%">
            {displayText(`${component.lib} ${component.version}`.trim())}
          </Badge>
        ))}
      </Group>
    </Field>
  );
}

function Leaks({ scanId, file }: { scanId: number; file: FileDetail }) {
  if (file.infoleaks === 0) return null;
  return (
    <Field label={`Information leaks (${formatNumber(file.infoleaks)})`}>
      <Stack gap={4} mt={2}>
        {file.infoleak_items.map((leak) => (
          <Group key={leak.id} gap="xs" wrap="nowrap" align="flex-start">
            <InfoleakKindBadge kind={leak.kind} />
            <AnchorLink to="/product/$scanId/info-leak" params={{ scanId }} search={{ item: leak.id }} size="sm" ff="monospace" style={WRAP}>
              {truncate(displayText(leak.masked ?? leak.value), VALUE_CHARS)}
            </AnchorLink>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {leakLocation(leak)}
            </Text>
          </Group>
        ))}
        {file.infoleaks > file.infoleak_items.length && (
          <Text size="xs" c="dimmed">{`The first ${formatNumber(file.infoleak_items.length)} of ${formatNumber(file.infoleaks)}.`}</Text>
        )}
        <AnchorLink to="/product/$scanId/info-leak" params={{ scanId }} search={{ q: searchNeedle(file) }} size="xs">
          Open in Info leak
        </AnchorLink>
      </Stack>
    </Field>
  );
}

function Executable({ scanId, file }: { scanId: number; file: FileDetail }) {
  const exe = file.executable;
  if (exe === null) return null;
  const format = { elf: 'ELF', pe: 'PE', macho: 'Mach-O' }[exe.format];
  return (
    <Field label="Executable">
      <Text size="sm">{`${format} ${exe.bits}-bit · ${displayText(exe.machine)} · ${displayText(exe.type)}`}</Text>
      <Group gap={4} mt={4}>
        {exe.missing.length === 0 ? (
          <Text size="sm" c="dimmed">
            No mitigation missing
          </Text>
        ) : (
          exe.missing.map((code) => (
            <Badge key={code} color="red" variant="light" size="sm" tt="none" title={code}>
              {displayText(missingLabel(code))}
            </Badge>
          ))
        )}
      </Group>
      <AnchorLink to="/product/$scanId/executable-attributes" params={{ scanId }} search={{ q: searchNeedle(file) }} size="xs">
        Open in Executable attributes
      </AnchorLink>
    </Field>
  );
}

/** What the other tabs' searches find the file by: its path as they join it; the input by its name. */
function searchNeedle(file: FileDetail): string {
  return file.path.length === 0 ? file.name : file.path.join('/');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
