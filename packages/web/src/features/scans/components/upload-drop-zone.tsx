import { Box, Button, Stack, Text } from '@mantine/core';
import { type DragEvent, useId, useRef, useState } from 'react';
import { formatBytes } from '../../../lib/format.ts';

interface UploadDropZoneProps {
  onFiles: (files: File[]) => void;
  /** The largest file accepted, when known. */
  limit: number | undefined;
}

/** Files dropped onto the zone or chosen with its button (several at once). */
export function UploadDropZone({ onFiles, limit }: UploadDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) onFiles(files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  return (
    <Box
      data-testid="upload-drop-zone"
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      p="xl"
      style={{
        border: `2px dashed ${over ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-4)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        background: over ? 'var(--mantine-color-blue-0)' : undefined,
        textAlign: 'center',
      }}
    >
      <Stack gap="xs" align="center">
        <Text fw={500}>Drop files here</Text>
        <Text size="sm" c="dimmed" id={hintId}>
          Firmware images, mobile apps, container images, archives or executables
          {limit !== undefined ? `, up to ${formatBytes(limit)} each` : ''}. Large files resume where they stopped if the connection drops.
        </Text>
        <Text size="sm" c="dimmed">
          A portable scan file (.bdba, from a scan&apos;s Actions menu) is imported as the scan it holds, not scanned again.
        </Text>
        <Button variant="light" onClick={() => input.current?.click()} aria-describedby={hintId}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Files"
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </Stack>
    </Box>
  );
}
