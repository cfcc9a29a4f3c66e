import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from './service.ts';

/** The upload's `file` part as a stream, or undefined when there is none. */
export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) return undefined;
  // Busboy truncates silently at its limit; one byte more lets the blob store see the
  // overflow and refuse the upload instead of storing a truncated file.
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 20 } });
  if (!part) return undefined;
  // A form without a chosen file still sends the part, with an empty filename.
  if (part.fieldname !== 'file' || part.filename === '') {
    part.file.resume();
    return undefined;
  }
  return { filename: cleanFilename(part.filename), stream: part.file };
}

/** Keeps the last path segment and drops control characters: `C:\fw\a\x00.bin` → `a.bin`. */
function cleanFilename(name: string): string {
  const base = path.win32.basename(path.posix.basename(name));
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed, e.g. "a\u0000b" → "ab"
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
  return clean || 'upload';
}
