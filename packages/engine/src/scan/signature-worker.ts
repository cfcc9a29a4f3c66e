// A worker thread of the signature stage: builds the matcher over the built-in signatures
// once, then matches each file it is sent.
import { SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';
import { type WireFileHits, fileHits } from './signature-file.ts';
import type { FileSource } from '../util/reader.ts';
import { serveJobs } from './worker-pool.ts';

/** A file to match: on disk, or its bytes (a member kept in memory). */
export interface SignatureJob extends FileSource {
  /** The file's format is unknown: a text file is not matched. */
  sniff: boolean;
}

const matcher = new SignatureMatcher(allSignatures());

serveJobs<SignatureJob, WireFileHits>(async (job) => {
  try {
    const hits = await fileHits(matcher, job, job.sniff);
    return { hits: hits === undefined ? null : hits.map((h) => ({ id: h.signature.id, version: h.version, offset: h.offset, text: h.text })) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
});
