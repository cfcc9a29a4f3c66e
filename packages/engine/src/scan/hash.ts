import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha1 and sha256 of a file, streamed. */
export async function hashFile(path: string, signal: AbortSignal): Promise<{ sha1: string; sha256: string }> {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  for await (const chunk of createReadStream(path, { signal, highWaterMark: 256 * 1024 })) {
    sha1.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
  }
  return { sha1: sha1.digest('hex'), sha256: sha256.digest('hex') };
}
