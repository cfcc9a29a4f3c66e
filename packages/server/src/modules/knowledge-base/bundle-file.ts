// An uploaded bundle goes to a file of its own before anything reads it: streamed, never
// buffered, and refused past the size limit. The name carries this process's pid, so the
// start of a later process removes what a killed one left (lib/process-files.ts).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/errors.ts';
import { processPrefix } from '../../lib/process-files.ts';

export interface SavedUpload {
  readonly file: string;
  readonly size: number;
}

/** Writes `stream` to a new file under `dir`; 413 past `maxBytes`, 400 when the body was cut short. The caller removes the file. */
export async function saveUpload(stream: Readable, dir: string, maxBytes: number, streamError: () => Error | undefined): Promise<SavedUpload> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${processPrefix()}${randomUUID()}.kb-bundle`);
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new AppError('file_too_large') : null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(file));
    // Busboy ends a part it cut short (the client went away mid-body) and marks the stream errored.
    if (streamError()) throw new AppError('file_unreadable');
    return { file, size };
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError('file_unreadable');
  }
}
