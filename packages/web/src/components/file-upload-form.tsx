import { Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, messageOf } from '../lib/api-client.ts';
import { formatBytes, formatPercent } from '../lib/format.ts';
import type { FileUpload } from '../lib/upload-file.ts';

interface FileUploadFormProps {
  label: string;
  description: ReactNode;
  submitLabel: string;
  /** The progress bar's accessible name. */
  progressLabel: string;
  /** Shown under the field when the form is sent without a file. */
  missingFile: string;
  /** What the bar says once every byte is sent and the server is still answering. */
  whenSent?: string;
  /** The feature's mutation, started with the file and told of a failure. */
  send: (upload: FileUpload, handlers: { onError: (error: unknown) => void }) => void;
  pending: boolean;
  /** Below the bar: what happened after the upload (an import's outcome, say). */
  children?: ReactNode;
}

/** One file sent with a live progress bar; the upload stops when the form goes away. */
export function FileUploadForm({ label, description, submitLabel, progressLabel, missingFile, whenSent, send, pending, children }: FileUploadFormProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fraction, setFraction] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(missingFile);
      return;
    }
    setError(null);
    setFraction(0);
    abort.current = new AbortController();
    send({ file, onProgress: setFraction, signal: abort.current.signal }, { onError: (e) => setError(uploadErrorText(e)) });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Input.Wrapper label={label} id={inputId} error={error} description={description}>
          <input
            id={inputId}
            name="file"
            type="file"
            aria-invalid={error ? true : undefined}
            disabled={pending}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
          />
        </Input.Wrapper>
        {file && (
          <Text size="sm" c="dimmed">
            {file.name} ({formatBytes(file.size)})
          </Text>
        )}
        {pending && (
          <Group gap="sm" wrap="nowrap">
            <Progress value={fraction * 100} flex={1} aria-label={progressLabel} />
            <Text size="sm">{fraction < 1 || !whenSent ? formatPercent(fraction) : whenSent}</Text>
          </Group>
        )}
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A 400 names the file field (or says why); 401 and 5xx already opened the app-wide dialogs. */
function uploadErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error && error.name === 'AbortError' ? null : messageOf(null);
  if (error.status === 401 || error.status >= 500) return null;
  return error.fieldErrors['file']?.join(' ') ?? messageOf(error.body);
}
