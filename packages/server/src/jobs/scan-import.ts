// An upload that is a portable scan file (`.bdba`, engine portable/) is imported, not scanned:
// the scan becomes ready from the file's Identification without running the engine.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isPortableScanHead, PORTABLE_SCAN_HEAD_BYTES, type PortableScan, readPortableScan } from '@binlens/engine';
import type { ScanFileIdentity } from '../modules/scans/result-store.ts';
import { cleanFilename } from '../modules/scans/multipart.ts';

/**
 * The portable scan read from `file`, or undefined when the file is not one (it is scanned).
 * A damaged portable scan file throws the reader's PortableScanError, which names what is wrong.
 */
export async function readIfPortableScan(file: string, signal: AbortSignal): Promise<PortableScan | undefined> {
  if (!isPortableScanHead(await readHead(file))) return undefined;
  return readPortableScan(createReadStream(file), { signal });
}

/**
 * What the imported scan stands for: the input the original scan analysed, not the .bdba file.
 * A user imports a scan to have that product's scan here: it should be listed under the
 * product's name and found by the product's hashes (search, and the reuse of a later upload
 * of the same bytes), and export again as `<product>.bdba`, not `<product>.bdba.bdba`. Where
 * the Identification has no hashes of its input (a directory scanned by the CLI) the uploaded
 * file's stay.
 */
export function importedFile(imported: PortableScan): ScanFileIdentity | undefined {
  const { name, size, sha1, sha256 } = imported.identification.input;
  if (sha1 === '' || sha256 === '') return undefined;
  return { filename: cleanFilename(name), size, sha1, sha256 };
}

/** The file's first bytes; none when it cannot be read: the engine then says why in its own words. */
async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return new Uint8Array(0);
  try {
    const head = Buffer.alloc(PORTABLE_SCAN_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
