// The unpacker plugin shape. An unpacker recognises its format by magic bytes
// (never by file name) and streams the members it finds into an ExtractSink.
import type { Problem } from '../model/index.ts';
import type { Reader } from '../util/reader.ts';
import type { ExtractSink } from './safe-fs.ts';

/** The extent of a recognised format inside the file, [start, end). */
export interface Chunk {
  start: number;
  end: number;
}

export interface ExtractContext {
  reader: Reader;
  chunk: Chunk;
  /** Extended path of the file being unpacked ([] for the input itself). */
  location: string[];
  /** Base name of that file, used to name the single output of a decompressor. */
  fileName: string;
  sink: ExtractSink;
  signal: AbortSignal;
  /** Record a located problem (`plugin` is filled in by the caller). */
  report(problem: Omit<Problem, 'plugin'>): void;
}

export interface Unpacker {
  /** Unique path-like name `<category>/<format>`, e.g. `archive/zip`. */
  name: string;
  /** Bumped whenever the unpacker's output changes (part of result cache keys). */
  version: number;
  /**
   * Name of a more general unpacker whose magic this one shares (a docker-save
   * archive is a tar): detection asks this one first.
   */
  specialises?: string;
  /**
   * Magic bytes at `offset` from the chunk's start, for carving: the carver looks
   * for them at any position of a file no unpacker claims whole, then asks `identify`.
   */
  magic?: readonly { offset: number; bytes: Buffer }[];
  /**
   * Real length of the chunk starting at byte 0 of `reader`, for formats whose
   * `identify` claims the rest of the file (streams: gzip). Null when invalid.
   */
  measure?(reader: Reader, signal: AbortSignal): Promise<number | null>;
  /**
   * Cheap magic check. `head` holds the first bytes of the file (up to HEAD_BYTES).
   * Returns the chunk the format occupies, or null when the bytes are not this format.
   */
  identify(head: Buffer, reader: Reader): Promise<Chunk | null>;
  /**
   * Extract every member into `ctx.sink`. A malformed or truncated input throws a
   * FormatError after what could be extracted is in the sink; member-level trouble
   * that does not stop the walk goes to `ctx.report`.
   */
  extract(ctx: ExtractContext): Promise<void>;
}

/** Bytes of a file's start given to `identify` (tar's magic sits at 257). */
export const HEAD_BYTES = 512;

/** A malformed input: becomes a located problem with this code, never a crash. */
export class FormatError extends Error {
  readonly code: string;
  readonly location: string[] | undefined;

  constructor(code: string, message: string, location?: string[]) {
    super(message);
    this.name = 'FormatError';
    this.code = code;
    this.location = location;
  }
}
