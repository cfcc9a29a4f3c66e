import type { Readable } from 'node:stream';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { cleanFilename } from '../scans/multipart.ts';
import type { ScansService } from '../scans/service.ts';
import type { Viewer } from '../users/viewer.ts';
import { type ResumableUploadStore, type StoredUpload, UploadLengthExceededError } from './upload-store.ts';

/** Where an upload stands after a request: bytes received, and the scan once it is complete. */
export interface UploadProgress {
  offset: number;
  length: number;
  scanId: number | null;
}

export interface ResumableUploadsService {
  /** The largest file the viewer may upload now (settings, server cap, quotas). */
  limit(viewer: Viewer): Promise<number>;
  /** tus creation: checks the group and the declared size before any byte is stored. */
  create(viewer: Viewer, length: number, metadata: Map<string, string>): Promise<StoredUpload>;
  /** tus HEAD: only its creator sees an upload. */
  status(viewer: Viewer, id: string): Promise<UploadProgress>;
  /** tus PATCH at `offset`; the last byte turns the upload into a scan. */
  append(viewer: Viewer, id: string, offset: number, source: Readable, contentLength?: number): Promise<UploadProgress>;
  /** tus termination. */
  terminate(viewer: Viewer, id: string): Promise<void>;
  /** Uploads created before `olderThan`, complete or not, are removed; answers their ids. */
  removeStale(olderThan: Date): Promise<string[]>;
}

export interface ResumableUploadsDeps {
  store: ResumableUploadStore;
  scans: Pick<ScansService, 'uploadAllowance' | 'upload'>;
  access: ScopeResolver;
}

export function createResumableUploadsService(deps: ResumableUploadsDeps): ResumableUploadsService {
  // One writer per upload in this process; a second PATCH meanwhile is told to wait.
  const writing = new Set<string>();

  const assertCanUploadTo = async (viewer: Viewer, groupId: number): Promise<void> => {
    const access = await deps.access.resolve(viewer, { group: groupId });
    if (!access) throw new AppError('not_found');
    if (!access.permissions.includes('upload_application')) throw new AppError('forbidden');
  };

  const owned = async (viewer: Viewer, id: string): Promise<StoredUpload> => {
    const upload = await deps.store.get(id);
    if (!upload || upload.userId !== viewer.userId) throw new AppError('not_found');
    return upload;
  };

  const progress = (upload: StoredUpload, offset = upload.offset, scanId = upload.scanId): UploadProgress => ({
    offset,
    length: upload.length,
    scanId: scanId ?? null,
  });

  /** The scan, made exactly as a multipart upload makes it; an upload the scan path refuses is removed. */
  const finish = async (viewer: Viewer, upload: StoredUpload): Promise<number> => {
    try {
      await assertCanUploadTo(viewer, upload.groupId);
      const scan = await deps.scans.upload(viewer, upload.groupId, { filename: upload.filename, stream: deps.store.read(upload) });
      await deps.store.complete(upload, scan.id);
      return scan.id;
    } catch (error) {
      if (error instanceof AppError) await deps.store.remove(upload.id);
      throw error;
    }
  };

  return {
    async limit(viewer) {
      return (await deps.scans.uploadAllowance(viewer)).bytes;
    },

    async create(viewer, length, metadata) {
      const filename = metadata.get('filename');
      const group = Number(metadata.get('group'));
      if (!filename || !Number.isSafeInteger(group) || group < 1) throw new AppError('upload_metadata_invalid');
      await assertCanUploadTo(viewer, group);
      const allowed = await deps.scans.uploadAllowance(viewer);
      if (length > allowed.bytes) throw new AppError(allowed.code, allowed.message);
      return deps.store.create({ userId: viewer.userId, groupId: group, filename: cleanFilename(filename), length });
    },

    async status(viewer, id) {
      return progress(await owned(viewer, id));
    },

    async append(viewer, id, offset, source, contentLength) {
      const upload = await owned(viewer, id);
      if (writing.has(id)) throw new AppError('upload_busy');
      if (offset !== upload.offset) throw new AppError('upload_offset_mismatch');
      if (contentLength !== undefined && offset + contentLength > upload.length) throw new AppError('upload_length_exceeded');
      if (upload.scanId !== undefined) return progress(upload);
      writing.add(id);
      try {
        let received = upload.offset;
        if (received < upload.length) {
          try {
            received = await deps.store.append(upload, source);
          } catch (error) {
            if (error instanceof UploadLengthExceededError) throw new AppError('upload_length_exceeded');
            // The client went away mid-request: what arrived is kept, and it resumes from there.
            if (source.errored || (source.destroyed && !source.readableEnded)) return progress(upload, (await deps.store.get(id))?.offset ?? upload.offset);
            throw error;
          }
        }
        if (received < upload.length) return progress(upload, received);
        return progress(upload, received, await finish(viewer, { ...upload, offset: received }));
      } finally {
        writing.delete(id);
      }
    },

    async terminate(viewer, id) {
      await owned(viewer, id);
      if (writing.has(id)) throw new AppError('upload_busy');
      await deps.store.remove(id);
    },

    removeStale(olderThan) {
      return deps.store.removeCreatedBefore(olderThan);
    },
  };
}

/**
 * tus Upload-Metadata: comma-separated `key base64value` pairs, e.g.
 * `filename Zncuymlu,group Mw==` → filename "fw.bin", group "3". Undefined when malformed.
 */
export function parseUploadMetadata(header: string | undefined): Map<string, string> | undefined {
  const found = new Map<string, string>();
  if (!header) return found;
  if (header.length > 8192) return undefined;
  for (const pair of header.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !/^[A-Za-z0-9_.-]+$/.test(key) || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return undefined;
    found.set(key, Buffer.from(value, 'base64').toString('utf8'));
  }
  return found;
}
