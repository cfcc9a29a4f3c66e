import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { UploadedFile } from './service.ts';

/** The upload's `file` part as a stream, or undefined when there is none. */
export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  let part: MultipartFile | undefined;
  try {
    // Busboy truncates silently at its limit; one byte more lets the blob store see the
    // overflow and refuse the upload instead of storing a truncated file.
    part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 20 } });
  } catch (error) {
    // Busboy's own errors ("Multipart: Boundary not found", "Unexpected end of form") carry no
    // status: the body is the client's mistake, a 400, not a 500.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw error;
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError('file_unreadable');
  }
  if (!part) return undefined;
  // A form without a chosen file still sends the part, with an empty filename.
  if (part.fieldname !== 'file' || part.filename === '') {
    part.file.resume();
    return undefined;
  }
  const stream = part.file;
  // Set once busboy destroyed the part (a body cut short), even before anyone read from it.
  return { filename: cleanFilename(part.filename), stream, streamError: () => stream.errored ?? undefined };
}

/**
 * Keeps the last path segment, drops control characters and replaces an unpaired surrogate
 * (which UTF-8 cannot hold) by U+FFFD: `C:\fw\a\x00.bin` → `a.bin`.
 */
export function cleanFilename(name: string): string {
  const base = path.win32.basename(path.posix.basename(name));
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed, e.g. "a\u0000b" → "ab"
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255).toWellFormed();
  return clean || 'upload';
}
