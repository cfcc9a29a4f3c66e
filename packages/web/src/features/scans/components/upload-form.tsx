import { FileUploadForm } from '../../../components/file-upload-form.tsx';
import type { Scan } from '../../../lib/api-schemas.ts';
import { useUploadScan } from '../api/upload-scan.ts';

interface UploadFormProps {
  groupId: number;
  onUploaded: (scan: Scan) => void;
}

/** One file, sent with a live progress bar; on success the caller opens the new scan. */
export function UploadForm({ groupId, onUploaded }: UploadFormProps) {
  const upload = useUploadScan();
  return (
    <FileUploadForm
      label="File"
      description="A firmware image, mobile app, container image, archive or executable."
      submitLabel="Upload"
      progressLabel="Upload progress"
      missingFile="Choose a file to upload."
      pending={upload.isPending}
      send={(file, handlers) => upload.mutate({ groupId, ...file }, { onSuccess: onUploaded, ...handlers })}
    />
  );
}
