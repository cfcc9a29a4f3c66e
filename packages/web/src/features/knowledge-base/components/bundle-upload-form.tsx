import { Text } from '@mantine/core';
import { FileUploadForm } from '../../../components/file-upload-form.tsx';
import type { KnowledgeBaseStatus } from '../../../lib/api-schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUploadBundle } from '../api/knowledge-base.ts';

/** A bundle made by `binlens db export-bundle`, sent with a live progress bar; the server checks it whole before anything changes. */
export function BundleUploadForm({ bundle }: { bundle: KnowledgeBaseStatus['bundle'] }) {
  const upload = useUploadBundle();
  return (
    <FileUploadForm
      label="Offline bundle"
      description='Made with "binlens db sync" and "binlens db export-bundle FILE" on a connected machine. It is checked whole before it replaces the data.'
      submitLabel="Upload bundle"
      progressLabel="Bundle upload progress"
      missingFile="Choose a bundle file to upload."
      whenSent="checking"
      pending={upload.isPending}
      send={(file, handlers) => upload.mutate(file, handlers)}
    >
      {upload.isSuccess && !upload.isPending && <ImportOutcome bundle={bundle} />}
    </FileUploadForm>
  );
}

/** After the 202: the import's progress as the polled state tells it, then how it ended. */
function ImportOutcome({ bundle }: { bundle: KnowledgeBaseStatus['bundle'] }) {
  if (bundle.state === 'failed') return <Text size="sm" c="red">The bundle's import failed: {bundle.last_error ?? 'unknown error'}. The data loaded before stays in use.</Text>;
  if (bundle.state === 'ready') return <Text size="sm" c="green">Bundle imported {formatDateTime(bundle.last_success)}.</Text>;
  return <Text size="sm" c="blue">Bundle accepted; importing…</Text>;
}
