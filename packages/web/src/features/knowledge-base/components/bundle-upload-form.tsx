import { Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import type { KnowledgeBaseStatus } from '../../../lib/api-schemas.ts';
import { formatBytes, formatDateTime, formatPercent } from '../../../lib/format.ts';
import { useUploadBundle } from '../api/knowledge-base.ts';

/** A bundle made by `binlens db export-bundle`, sent with a live progress bar; the server checks it whole before anything changes. */
export function BundleUploadForm({ bundle }: { bundle: KnowledgeBaseStatus['bundle'] }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fraction, setFraction] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadBundle();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a bundle file to upload.');
      return;
    }
    setError(null);
    setFraction(0);
    abort.current = new AbortController();
    upload.mutate({ file, onProgress: setFraction, signal: abort.current.signal }, { onError: (e) => setError(errorText(e)) });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Input.Wrapper
          label="Offline bundle"
          id={inputId}
          error={error}
          description='Made with "binlens db sync" and "binlens db export-bundle FILE" on a connected machine. It is checked whole before it replaces the data.'
        >
          <input
            id={inputId}
            name="file"
            type="file"
            aria-invalid={error ? true : undefined}
            disabled={upload.isPending}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
          />
        </Input.Wrapper>
        {file && (
          <Text size="sm" c="dimmed">
            {file.name} ({formatBytes(file.size)})
          </Text>
        )}
        {upload.isPending && (
          <Group gap="sm" wrap="nowrap">
            <Progress value={fraction * 100} flex={1} aria-label="Bundle upload progress" />
            <Text size="sm">{fraction < 1 ? formatPercent(fraction) : 'checking'}</Text>
          </Group>
        )}
        {upload.isSuccess && !upload.isPending && <ImportOutcome bundle={bundle} />}
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending}>
            Upload bundle
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** After the 202: the import's progress as the polled state tells it, then how it ended. */
function ImportOutcome({ bundle }: { bundle: KnowledgeBaseStatus['bundle'] }) {
  if (bundle.state === 'failed') return <Text size="sm" c="red">The bundle's import failed: {bundle.last_error ?? 'unknown error'}. The data loaded before stays in use.</Text>;
  if (bundle.state === 'ready') return <Text size="sm" c="green">Bundle imported {formatDateTime(bundle.last_success)}.</Text>;
  return <Text size="sm" c="blue">Bundle accepted; importing…</Text>;
}

/** A 400 says why the file is not a usable bundle; 409 and 413 say why it cannot be taken now. */
function errorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error && error.name === 'AbortError' ? null : messageOf(null);
  if (error.status === 401 || error.status >= 500) return null;
  return error.fieldErrors['file']?.join(' ') ?? messageOf(error.body);
}
