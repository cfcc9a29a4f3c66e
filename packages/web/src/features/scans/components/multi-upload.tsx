import { Alert, Stack, Text } from '@mantine/core';
import { useUploadLimit } from '../api/upload-scan.ts';
import { UploadDropZone } from './upload-drop-zone.tsx';
import { UploadRow } from './upload-row.tsx';
import { useUploadQueue } from './use-upload-queue.ts';

interface MultiUploadProps {
  groupId: number;
  /** Bytes per request; tests make it small to watch the bars move. */
  chunkSize?: number;
}

/** Several files at once, each resumable, with a progress bar per file and a link to its scan. */
export function MultiUpload({ groupId, chunkSize }: MultiUploadProps) {
  const limit = useUploadLimit();
  const queue = useUploadQueue(groupId, limit.data, chunkSize ? { chunkSize } : {});
  return (
    <Stack gap="md">
      {limit.isError ? <Alert color="yellow">The upload limit could not be read; the server still checks each file.</Alert> : null}
      <UploadDropZone onFiles={queue.add} limit={limit.data} />
      {queue.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No files chosen yet.
        </Text>
      ) : (
        <Stack gap="md" aria-label="Uploads">
          {queue.items.map((item) => (
            <UploadRow key={item.id} item={item} onCancel={() => queue.cancel(item.id)} onRetry={() => queue.retry(item.id)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
