// The signature hits of one file: what the signature stage reads per file, shared by the
// stage and the scan's worker threads (file-job.ts).
import type { SignatureHit, SignatureMatcher } from '../signatures/matcher.ts';
import { isMessageCatalog } from '../util/message-catalog.ts';
import { type FileSource, openSource } from '../util/reader.ts';

/** Bytes looked at to tell a binary blob (has a NUL) from text. */
const SNIFF = 4096;

/**
 * All hits in the file (on disk, or its bytes kept in memory), read once in chunks; undefined when `sniff` is set and
 * the file's head holds no NUL (a text file: changelogs and docs name versions they do not contain) or is a message
 * catalog's (util/message-catalog.ts: translations name versions their program holds itself).
 */
export async function fileHits(matcher: SignatureMatcher, source: FileSource, sniff: boolean, signal?: AbortSignal): Promise<SignatureHit[] | undefined> {
  const reader = await openSource(source);
  try {
    return await hitsIn(matcher, reader.size, sniff, (offset, length) => reader.read(offset, length), signal);
  } finally {
    await reader.close();
  }
}

/** fileHits over a file of `size` bytes read through `read`. */
export async function hitsIn(
  matcher: SignatureMatcher,
  size: number,
  sniff: boolean,
  read: (offset: number, length: number) => Promise<Buffer>,
  signal?: AbortSignal,
): Promise<SignatureHit[] | undefined> {
  if (sniff) {
    const head = await read(0, Math.min(size, SNIFF));
    if (!head.includes(0) || isMessageCatalog(head)) return undefined;
  }
  return matcher.scan(size, read, signal);
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

/** Hits as they cross threads (undefined: a text file, not matched). */
export function toWire(hits: SignatureHit[] | undefined): WireFileHits {
  return { hits: hits === undefined ? null : hits.map((h) => ({ id: h.signature.id, version: h.version, offset: h.offset, text: h.text })) };
}

/** A failure as it crosses threads. */
export function wireError(err: unknown): WireFileHits {
  return { error: err instanceof Error ? err.message : String(err) };
}
