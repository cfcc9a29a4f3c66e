// One file's work in the scan's worker threads (file-worker.ts): its leaks, its signature
// hits and its licences, from one read of its bytes; a member kept in memory is not read at
// all. Each part is what its stage computes for the file on its own (infoleak-file.ts,
// signature-file.ts, license-file.ts). A failure is recorded in each part asked for, never thrown.
import type { SignatureMatcher } from '../signatures/matcher.ts';
import { type FileSource, type Reader, openSourceSync } from '../util/reader.ts';
import { type FileLeaks, type LeakSearch, MAX_SCAN_BYTES, failedSearch, searchBytes } from './infoleak-file.ts';
import { type FileLicenses, failedLicenseRead, readFileLicenses } from './license-file.ts';
import { type WireFileHits, hitsIn, toWire, wireError } from './signature-file.ts';

/** The module the scan's worker threads run. */
export const FILE_WORKER_URL = new URL('./file-worker.ts', import.meta.url);

/** A file and what to do with it: on disk, or its bytes (a member kept in memory). */
export interface FileJob extends FileSource {
  location: string[];
  /** Search it for leaks. */
  leaks?: boolean;
  /** Match the built-in signatures; `sniff`: not when its head holds no NUL (a text file). */
  signatures?: { sniff: boolean };
  /** Read the licences it declares (a file of no format). */
  licences?: boolean;
}

/** The parts the job asked for. */
export interface FileJobResult {
  leaks?: FileLeaks;
  hits?: WireFileHits;
  licences?: FileLicenses;
}

/** What a thread builds once for all its jobs; the matcher on first use (a thread may never match). */
export interface FileWork {
  search: LeakSearch;
  matcher: () => SignatureMatcher;
}

export async function runFileJob(job: FileJob, work: FileWork): Promise<FileJobResult> {
  let reader: Reader | undefined;
  let bytes: Buffer;
  try {
    // This thread reads one file at a time: blocking reads leave the thread pool to the scan's thread.
    reader = openSourceSync(job);
    // A kept member is read whole from its bytes; a file on disk once, as far as the leak search reads.
    bytes = job.contents !== undefined ? Buffer.from(job.contents.buffer, job.contents.byteOffset, job.contents.byteLength) : await reader.read(0, Math.min(reader.size, MAX_SCAN_BYTES));
  } catch (err) {
    await reader?.close().catch(() => undefined);
    return failed(job, err);
  }
  const open = reader;
  try {
    const size = open.size;
    const read = (offset: number, length: number): Promise<Buffer> => (offset + length <= bytes.length ? Promise.resolve(bytes.subarray(offset, offset + length)) : open.read(offset, length));
    const out: FileJobResult = {};
    if (job.leaks) out.leaks = searchBytes(bytes.subarray(0, MAX_SCAN_BYTES), size, job.location, work.search);
    if (job.signatures) out.hits = await hitsIn(work.matcher(), size, job.signatures.sniff, read).then(toWire, wireError);
    if (job.licences) out.licences = await readFileLicenses(job, job.location, size, (length) => read(0, Math.min(size, length)));
    return out;
  } finally {
    await open.close();
  }
}

/** Every part asked for, failed with `err` (the file could not be opened or read). */
function failed(job: FileJob, err: unknown): FileJobResult {
  const out: FileJobResult = {};
  if (job.leaks) out.leaks = failedSearch(job.location, err);
  if (job.signatures) out.hits = wireError(err);
  if (job.licences) out.licences = failedLicenseRead(job.location, err);
  return out;
}
