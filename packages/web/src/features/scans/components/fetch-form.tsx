import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { parseCustomDataLines, parseHeaderLines, useFetchScan } from '../api/fetch-scan.ts';
import { scanQueryOptions } from '../api/scans.ts';
import { ScanStatusBadge } from './scan-status-badge.tsx';

interface FetchFormProps {
  groupId: number;
}

/** Spec §5/§7: the server downloads a file from a URL into the group and scans it. */
export function FetchForm({ groupId }: FetchFormProps) {
  const [url, setUrl] = useState('');
  const [headerText, setHeaderText] = useState('');
  const [customDataText, setCustomDataText] = useState('');
  const [local, setLocal] = useState<{ headers?: string; customData?: string }>({});
  const [scanId, setScanId] = useState<number | null>(null);
  const fetchScan = useFetchScan();
  const fields = fetchScan.error instanceof ApiError ? fetchScan.error.fieldErrors : {};
  const otherError = fetchScan.error && !(fetchScan.error instanceof ApiError && fetchScan.error.status === 400) ? fetchScan.error.message : null;

  const submit = () => {
    const headers = parseHeaderLines(headerText);
    const customData = parseCustomDataLines(customDataText);
    const problems = {
      ...(headers.bad.length > 0 ? { headers: `Write one header per line as Name: value (line ${headers.bad.join(', ')}).` } : {}),
      ...(customData.bad.length > 0 ? { customData: `Write one entry per line as KEY=value (line ${customData.bad.join(', ')}).` } : {}),
    };
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    fetchScan.mutate(
      {
        external_reference: url.trim(),
        group: groupId,
        ...(Object.keys(headers.headers).length > 0 ? { additional_headers: headers.headers } : {}),
        ...(Object.keys(customData.data).length > 0 ? { custom_data: customData.data } : {}),
      },
      { onSuccess: (scan) => setScanId(scan.id) },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The server downloads the file and scans it. Addresses inside private networks are refused unless an administrator allowed them.
        </Text>
        <TextInput
          label="URL"
          placeholder="https://downloads.example.com/firmware.bin"
          required
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fields['external_reference']?.join(' ')}
        />
        <Textarea
          label="Request headers"
          description="Optional, one per line: Authorization: Bearer …. Sent only to this URL's server."
          placeholder="Authorization: Bearer …"
          rows={3}
          value={headerText}
          onChange={(event) => setHeaderText(event.currentTarget.value)}
          error={local.headers ?? fields['additional_headers']?.join(' ')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Textarea
          label="Custom data"
          description="Optional, one per line: KEY=value."
          placeholder="RELEASE=2.1"
          rows={3}
          value={customDataText}
          onChange={(event) => setCustomDataText(event.currentTarget.value)}
          error={local.customData ?? fields['custom_data']?.join(' ')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {otherError ? (
          <Alert color="red" title="The fetch was not started">
            {otherError}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={fetchScan.isPending} disabled={url.trim() === ''}>
            Fetch and scan
          </Button>
        </Group>
        {scanId !== null ? <FetchedScan scanId={scanId} /> : null}
      </Stack>
    </form>
  );
}

/** The scan the last fetch made, live: downloading, scanning, then ready or why it failed. */
function FetchedScan({ scanId }: { scanId: number }) {
  const { data: scan } = useQuery(scanQueryOptions(scanId));
  if (!scan) return null;
  return (
    <Alert color={scan.status === 'F' ? 'red' : scan.status === 'R' ? 'teal' : 'blue'} title={scan.name} aria-label="Fetched scan">
      <Stack gap="xs">
        <Group gap="sm">
          <ScanStatusBadge scan={scan} />
          {scan.progress ? (
            <Text size="sm" c="dimmed">
              {scan.progress.stage}
            </Text>
          ) : null}
          <AnchorLink to="/product/$scanId/analysis" params={{ scanId: scan.id }} size="sm">
            Open scan
          </AnchorLink>
        </Group>
        {scan.error ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {scan.error}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
