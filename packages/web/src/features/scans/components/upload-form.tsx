import { Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import type { Scan } from '../../../lib/api-schemas.ts';
import { formatBytes, formatPercent } from '../../../lib/format.ts';
import { useUploadScan } from '../api/upload-scan.ts';

interface UploadFormProps {
  groupId: number;
  onUploaded: (scan: Scan) => void;
}

/** One file, sent with a live progress bar; on success the caller opens the new scan. */
export function UploadForm({ groupId, onUploaded }: UploadFormProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fraction, setFraction] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadScan();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError('Choose a file to upload.');
      return;
    }
    setFileError(null);
    setFraction(0);
    abort.current = new AbortController();
    upload.mutate(
      { groupId, file, onProgress: setFraction, signal: abort.current.signal },
      { onSuccess: onUploaded, onError: (error) => setFileError(uploadErrorText(error)) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Input.Wrapper label="File" id={inputId} error={fileError} description="A firmware image, mobile app, container image, archive or executable.">
          <input
            id={inputId}
            name="file"
            type="file"
            aria-invalid={fileError ? true : undefined}
            disabled={upload.isPending}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 4 }}
          />
        </Input.Wrapper>
        {file && (
          <Text size="sm" c="dimmed">
            {file.name} ({formatBytes(file.size)})
          </Text>
        )}
        {upload.isPending && (
          <Group gap="sm" wrap="nowrap">
            <Progress value={fraction * 100} flex={1} aria-label="Upload progress" />
            <Text size="sm">{formatPercent(fraction)}</Text>
          </Group>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A 400 names the file field; 401 and 5xx already opened the app-wide dialogs. */
function uploadErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error && error.name === 'AbortError' ? null : messageOf(null);
  if (error.status === 401 || error.status >= 500) return null;
  return error.fieldErrors['file']?.join(' ') ?? messageOf(error.body);
}
