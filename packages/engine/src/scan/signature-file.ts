// The signature hits of one file: what the signature stage reads per file, shared by the
// stage and its worker threads (signature-worker.ts).
import type { SignatureHit, SignatureMatcher } from '../signatures/matcher.ts';
import { type FileSource, openSource } from '../util/reader.ts';

/** Bytes looked at to tell a binary blob (has a NUL) from text. */
const SNIFF = 4096;

/**
 * All hits in the file (on disk, or its bytes kept in memory), read once in chunks; undefined when `sniff` is set and
 * the file's head holds no NUL (a text file: changelogs and docs name versions they do not contain).
 */
export async function fileHits(matcher: SignatureMatcher, source: FileSource, sniff: boolean, signal?: AbortSignal): Promise<SignatureHit[] | undefined> {
  const reader = await openSource(source);
  try {
    if (sniff && !(await reader.read(0, SNIFF)).includes(0)) return undefined;
    return await matcher.scan(reader.size, (offset, length) => reader.read(offset, length), signal);
  } finally {
    await reader.close();
  }
}

/** A hit as it crosses threads: its signature by id. */
export interface WireHit {
  id: string;
  version: string;
  offset: number;
  text: string;
}

/** One file's outcome in a worker: its hits (null: a text file, not matched), or why it failed. */
export type WireFileHits = { hits: WireHit[] | null } | { error: string };
