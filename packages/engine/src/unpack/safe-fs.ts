// Where extractors put what they find. Every member lands in the work directory
// under a name WE choose (a counter), so a hostile member name can never reach
// the file system: `../../etc/passwd`, `/abs`, NUL bytes and links are checked
// and recorded as data only. Links are never created, so never followed.
import { createHash, hash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DockerImage, Problem } from '../model/index.ts';
import { ContainerMeter, type LimitTracker, type Limits, limitMessage } from './limits.ts';
import { MemberWriter } from './member-writer.ts';
import { FormatError, HEAD_BYTES } from './types.ts';
import type { WriteBehind } from './write-behind.ts';

export interface ExtractedEntry {
  /** Normalised member path inside its container, e.g. `usr/bin/ls`. */
  name: string;
  /** Where the bytes are in the work directory; absent for links. */
  diskPath?: string;
  size: number;
  sha1: string;
  sha256: string;
  linkTarget?: string;
  /** Hard link targets are archive-root relative, symlink targets relative to the link. */
  linkKind?: 'symlink' | 'hardlink';
  /** Container images: the layer it comes from and, when deleted, the whiteout's layer. */
  layer?: string;
  whiteout?: string;
}

/** What one read of a finished file gives: its size, digests and first bytes. */
export interface FileDigest {
  size: number;
  sha1: string;
  sha256: string;
  head: Buffer;
}

/**
 * Subdirectories the work directory's files are spread over, in turn. Creating a file
 * locks its directory: with every member in one directory, the writes running at once
 * on the thread pool wait for each other (6,500 files here: ~0.9–2.8 s flat, ~0.15 s
 * over 64 directories).
 */
const WORK_SHARDS = 64;

/** Hands out fresh file names in one scan's work directory. */
export class WorkDir {
  readonly dir: string;
  #next = 0;

  constructor(dir: string) {
    this.dir = dir;
  }

  allocate(): string {
    const n = this.#next++;
    const shard = join(this.dir, `s${n % WORK_SHARDS}`);
    if (n < WORK_SHARDS) mkdirSync(shard, { recursive: true });
    return join(shard, String(n));
  }
}

export interface FileOptions {
  /** Bytes of input this member is decoded from, for the compression-ratio limit. */
  compressedSize?: number;
  /**
   * Compressed bytes read so far (see `countConsumed`): the ratio is then taken against
   * what the decoder has been given, not the whole entry, so a 10 MB stream of zeros
   * stops after a few MB of output instead of 250 × 10 MB.
   */
  consumed?: () => number;
  /** Container images: layer digest and whiteout layer digest (see ExtractedEntry). */
  layer?: string;
  whiteout?: string;
}

/**
 * Member path as recorded, normalised: `./usr//bin/` → `usr/bin`. Returns null
 * for the container root (`./`) and a reason string for a path that must be refused.
 */
export function normalizeMemberPath(raw: string): { path: string } | { refused: string } | null {
  if (raw.includes('\0')) return { refused: 'contains a NUL byte' };
  // Sample refused: `/etc/passwd`, `C:\Windows\evil.dll`.
  if (raw.startsWith('/') || /^[A-Za-z]:[\\/]/.test(raw)) return { refused: 'is absolute' };
  // Split on both separators: a Windows-made zip may say `..\..\evil`.
  const parts = raw.split(/[\\/]/).filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return { refused: 'contains `..`' };
  if (parts.length === 0) return null;
  return { path: raw.split('/').filter((p) => p !== '' && p !== '.').join('/') };
}

/** Extended path of a member for a problem: normalised when possible, as recorded otherwise. */
export function memberLocation(location: readonly string[], raw: string): string[] {
  const normal = normalizeMemberPath(raw);
  return [...location, normal && 'path' in normal ? normal.path : raw.replaceAll('\0', '\\0')];
}

export interface SinkOptions {
  /**
   * Write small members in the background (see WriteBehind), which sinks may share:
   * `file` returns before their bytes are on disk, so a reader of a member awaits the
   * WriteBehind's `done(diskPath)`, and the owner `settled()` for the failures.
   */
  writeBehind?: WriteBehind;
  /**
   * Keep the whole contents of small members (instead of their first HEAD_BYTES) while
   * `reserve` grants the memory; `release` is told when a kept member is replaced.
   */
  keep?: KeepBudget;
}

export interface KeepBudget {
  reserve(bytes: number): boolean;
  release(bytes: number): void;
}

export class ExtractSink {
  readonly #work: WorkDir;
  readonly #behind: WriteBehind | undefined;
  readonly #keep: KeepBudget | undefined;
  readonly #tracker: LimitTracker;
  readonly #location: string[];
  readonly #plugin: string;
  readonly #report: (p: Problem) => void;
  readonly #entries = new Map<string, ExtractedEntry>();
  readonly #images: DockerImage[] = [];
  /** First HEAD_BYTES bytes of each file member, kept while writing so detection needs no second open. */
  readonly #heads = new Map<string, Buffer>();
  /** This container's output against its input, for its aggregate ratio. */
  readonly #meter = new ContainerMeter();
  #meterReported = false;

  constructor(work: WorkDir, tracker: LimitTracker, location: string[], plugin: string, report: (p: Problem) => void, options: SinkOptions = {}) {
    this.#work = work;
    this.#behind = options.writeBehind;
    this.#keep = options.keep;
    this.#tracker = tracker;
    this.#location = location;
    this.#plugin = plugin;
    this.#report = report;
  }

  /** True once a scan-wide limit is hit, or this container's ratio: extractors should stop walking. */
  get stopped(): boolean {
    return this.#tracker.exhausted !== undefined || this.#meter.stopped !== undefined;
  }

  /**
   * What the scan may still extract: adapters that must write to disk before the
   * sink sees the bytes (7-Zip) refuse archives whose listing exceeds this up front.
   */
  get budget(): { files: number; bytes: number; fileBytes: number } {
    const { limits, files, totalBytes } = this.#tracker;
    return { files: limits.maxFiles - files, bytes: limits.maxTotalBytes - totalBytes, fileBytes: limits.maxFileBytes };
  }

  /**
   * What an archive declares it holds (`what`: "the zip"), checked before anything is
   * written. Over the scan's remaining files or bytes, records one `limit-exceeded`
   * problem at the container and returns its message: the caller extracts only what
   * fits, then calls `exhaust` with it, since the scan's budget is spent.
   */
  declare(what: string, files: number, bytes: number): string | undefined {
    const left = this.budget;
    let reason: string | undefined;
    if (bytes > left.bytes) {
      reason = limitMessage('maxTotalBytes', `${what} declares ${bytes} bytes, more than the ${left.bytes} bytes left of the scan's budget; only the entries that fit are extracted`);
    } else if (files > left.files) {
      reason = limitMessage('maxFiles', `${what} declares ${files} files, more than the ${left.files} files left of the scan's budget; only the first are extracted`);
    }
    if (reason !== undefined) this.#report({ level: 'warning', location: this.#location, plugin: this.#plugin, code: 'limit-exceeded', message: reason });
    return reason;
  }

  /** End extraction everywhere for `reason`, already reported (see `declare`). */
  exhaust(reason: string): void {
    this.#tracker.exhausted ??= reason;
    this.#tracker.exhaustedReported = true;
  }

  /** The scan's limits (adapters that check a listing up front compare with them). */
  get limits(): Readonly<Limits> {
    return this.#tracker.limits;
  }

  /**
   * A fresh directory inside the work directory, for tools that must write members
   * themselves (7-Zip): `adopt` then takes their files where they are, with no copy.
   */
  async scratchDir(): Promise<string> {
    const dir = this.#work.allocate();
    await mkdir(dir);
    return dir;
  }

  /**
   * Take a finished regular file that a tool wrote into `scratchDir` as a member, where
   * it is: neither copied nor moved. `digest` comes from one read of it. Returns false
   * when refused or over a limit (the caller deletes it then).
   */
  adopt(rawName: string, path: string, digest: FileDigest, options: FileOptions = {}): boolean {
    if (!path.startsWith(this.#work.dir + sep)) throw new Error(`${path} is outside the work directory`);
    const name = this.#admit(rawName);
    if (name === undefined) return false;
    const limitReason = this.#tracker.addBytes(digest.size, digest.size, options.compressedSize, this.#meter);
    this.#meter.finish(digest.size, options.compressedSize);
    if (limitReason) {
      this.#limitProblem([...this.#location, name], limitReason);
      return false;
    }
    this.#set({ name, diskPath: path, size: digest.size, sha1: digest.sha1, sha256: digest.sha256, ...origin(options) }, digest.head);
    return true;
  }

  /**
   * Waits until every member's bytes are on disk. A member whose background write
   * failed keeps its entry (as a failing source does) and makes this throw a
   * FormatError located at the first such member.
   */
  settled(): Promise<void> {
    return this.settler()();
  }

  /**
   * `settled` for the members recorded so far, holding on to no more than it needs
   * (not the sink, whose kept bytes can then be freed).
   */
  settler(): () => Promise<void> {
    const behind = this.#behind;
    if (behind === undefined) return () => Promise.resolve();
    const files = [...this.#entries.values()].flatMap((e) => (e.diskPath === undefined ? [] : [{ path: e.diskPath, name: e.name, size: e.size }]));
    const location = this.#location;
    return async () => {
      await Promise.all(files.map((f) => behind.done(f.path)));
      for (const file of files) {
        const error = behind.failure(file.path);
        if (error === undefined) continue;
        const { code, message } = describeStreamError(error);
        throw new FormatError(code, `${message} after ${file.size} bytes`, [...location, file.name]);
      }
    };
  }

  /** Record a container image found in the file being unpacked. */
  image(image: DockerImage): void {
    this.#images.push(image);
  }

  images(): DockerImage[] {
    return [...this.#images];
  }

  /**
   * The first bytes of the file member `name` as written: its first HEAD_BYTES (all of
   * a shorter one), or more (all of it) for a member kept whole (see SinkOptions.keep).
   */
  headOf(name: string): Buffer | undefined {
    return this.#heads.get(name);
  }

  /** Members in extraction order; a later member of the same path replaces the earlier. */
  entries(): ExtractedEntry[] {
    return [...this.#entries.values()];
  }

  /**
   * Stream one regular file. Returns false when the member was refused or cut by a
   * limit (a problem is recorded). A failing source keeps the bytes written so far
   * and throws a FormatError located at the member.
   */
  async file(rawName: string, open: () => Readable, options: FileOptions = {}, signal?: AbortSignal): Promise<boolean> {
    const name = this.#admit(rawName);
    if (name === undefined) return false;
    const diskPath = this.#work.allocate();
    const sha1 = createHash('sha1');
    const sha256 = createHash('sha256');
    let written = 0;
    let limitReason: string | undefined;
    const tracker = this.#tracker;
    const container = this.#meter;
    const consumed = (): number | undefined => options.consumed?.() ?? options.compressedSize;
    const head = new HeadKeeper();
    const meter = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        written += chunk.length;
        limitReason = tracker.addBytes(chunk.length, written, consumed(), container);
        if (limitReason) return callback(new Error(limitReason));
        head.add(chunk);
        sha1.update(chunk);
        sha256.update(chunk);
        callback(null, chunk);
      },
    });
    const writer = new MemberWriter(diskPath, this.#behind);
    try {
      // 'wx': create only, so even a name collision cannot write through a link.
      await pipeline(open(), meter, writer, { signal });
    } catch (err) {
      container.finish(written, consumed());
      if (signal?.aborted) throw err;
      if (limitReason) {
        await rm(diskPath, { force: true });
        this.#limitProblem([...this.#location, name], limitReason);
        return false;
      }
      this.#set({ name, diskPath, size: written, sha1: sha1.digest('hex'), sha256: sha256.digest('hex'), ...origin(options) }, head.bytes());
      const { code, message } = describeStreamError(err);
      throw new FormatError(code, `${message} after ${written} bytes`, [...this.#location, name]);
    }
    container.finish(written, consumed());
    const contents = writer.contents;
    const kept = contents !== undefined && contents.length > HEAD_BYTES && this.#keep?.reserve(contents.length) ? contents : head.bytes();
    this.#set({ name, diskPath, size: written, sha1: sha1.digest('hex'), sha256: sha256.digest('hex'), ...origin(options) }, kept);
    return true;
  }

  /**
   * One regular file whose bytes are all at hand (`bytes` is the sink's to keep): the same
   * as `file` on a stream of them, without the stream. Returns false when refused or over
   * a limit; a failed write keeps the entry and throws a FormatError located at the member.
   */
  async fileBytes(rawName: string, bytes: Buffer, options: FileOptions = {}): Promise<boolean> {
    const name = this.#admit(rawName);
    if (name === undefined) return false;
    const diskPath = this.#work.allocate();
    // As `file` does chunk by chunk; an empty member has no chunk to account.
    const limitReason = bytes.length > 0 ? this.#tracker.addBytes(bytes.length, bytes.length, options.compressedSize, this.#meter) : undefined;
    this.#meter.finish(bytes.length, options.compressedSize);
    if (limitReason) {
      this.#limitProblem([...this.#location, name], limitReason);
      return false;
    }
    const entry = { name, diskPath, size: bytes.length, sha1: hash('sha1', bytes, 'hex'), sha256: hash('sha256', bytes, 'hex'), ...origin(options) };
    const kept = bytes.length > HEAD_BYTES && this.#keep?.reserve(bytes.length) ? bytes : Buffer.from(bytes.subarray(0, HEAD_BYTES));
    // The entry is kept even when the write fails, as a failing source's is.
    let failure: unknown;
    if (this.#behind) await this.#behind.write(diskPath, bytes);
    else {
      try {
        writeFileSync(diskPath, bytes, { flag: 'wx' });
      } catch (err) {
        failure = err;
      }
    }
    this.#set(entry, kept);
    if (failure !== undefined) {
      const { code, message } = describeStreamError(failure);
      throw new FormatError(code, `${message} after ${bytes.length} bytes`, [...this.#location, name]);
    }
    return true;
  }

  /** Record a symbolic or hard link; the target is data, never resolved. */
  link(rawName: string, target: string, kind: 'symlink' | 'hardlink' = 'symlink', options: FileOptions = {}): boolean {
    const name = this.#admit(rawName);
    if (name === undefined) return false;
    const linkTarget = target.replaceAll('\0', '').slice(0, 4096);
    this.#set({ name, size: 0, sha1: '', sha256: '', linkTarget, linkKind: kind, ...origin(options) });
    return true;
  }

  #admit(rawName: string): string | undefined {
    const normal = normalizeMemberPath(rawName);
    if (normal === null) {
      // A file or link named `.`, `./` or nothing would stand where its container is.
      this.#report({
        level: 'warning',
        location: [...this.#location, rawName],
        plugin: this.#plugin,
        code: 'malformed',
        message: `member named ${JSON.stringify(rawName)} has no path of its own; not extracted`,
      });
      return undefined;
    }
    if ('refused' in normal) {
      this.#report({
        level: 'warning',
        location: [...this.#location, rawName.replaceAll('\0', '\\0')],
        plugin: this.#plugin,
        code: 'unsafe-path',
        message: `member path ${normal.refused}; not extracted`,
      });
      return undefined;
    }
    // This container went over its ratio: said once, its later members silently skipped.
    if (this.#meter.stopped !== undefined) return undefined;
    if (this.#entries.has(normal.path)) {
      // Archive semantics: the later member wins; its predecessor was already counted.
      return normal.path;
    }
    const reason = this.#tracker.takeFile();
    if (reason) {
      this.#limitProblem([...this.#location, normal.path], reason);
      return undefined;
    }
    return normal.path;
  }

  #set(entry: ExtractedEntry, head?: Buffer): void {
    const previous = this.#entries.get(entry.name);
    const stale = previous?.diskPath;
    // A member still being written in the background is removed once written.
    if (stale) void (this.#behind?.done(stale) ?? Promise.resolve()).then(() => rm(stale, { force: true }));
    const replacedHead = this.#heads.get(entry.name);
    if (replacedHead !== undefined && replacedHead.length > HEAD_BYTES) this.#keep?.release(replacedHead.length);
    this.#entries.delete(entry.name);
    this.#entries.set(entry.name, entry);
    if (head) this.#heads.set(entry.name, head);
    else this.#heads.delete(entry.name);
  }

  #limitProblem(location: string[], reason: string): void {
    // A scan-wide limit is reported once, not for each of the thousand files after it.
    if (this.#tracker.exhausted === reason) {
      if (this.#tracker.exhaustedReported) return;
      this.#tracker.exhaustedReported = true;
    }
    // The container's ratio: once, located at the container.
    if (this.#meter.stopped === reason) {
      if (this.#meterReported) return;
      this.#meterReported = true;
      location = this.#location;
    }
    this.#report({ level: 'warning', location, plugin: this.#plugin, code: 'limit-exceeded', message: reason });
  }
}

/**
 * `source` as it is handed to a decoder, with a count of the bytes that went through:
 * the `consumed` of FileOptions. The count runs ahead of the decoder by its buffers
 * (tens of KiB), which only delays a ratio stop by that much input.
 */
export function countConsumed(source: Readable): { stream: Readable; consumed: () => number } {
  let count = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      count += chunk.length;
      callback(null, chunk);
    },
  });
  source.on('error', (err) => counter.destroy(err));
  counter.on('close', () => source.destroy());
  source.pipe(counter);
  return { stream: counter, consumed: () => count };
}

/** Collects the first HEAD_BYTES bytes of a stream. */
export class HeadKeeper {
  readonly #parts: Buffer[] = [];
  #length = 0;

  add(chunk: Buffer): void {
    if (this.#length >= HEAD_BYTES) return;
    const part = chunk.subarray(0, HEAD_BYTES - this.#length);
    // A copy: the stream may reuse its chunk's memory.
    this.#parts.push(Buffer.from(part));
    this.#length += part.length;
  }

  bytes(): Buffer {
    return Buffer.concat(this.#parts, this.#length);
  }
}

/** The layer fields of `options`, only those present. */
function origin(options: FileOptions): Pick<ExtractedEntry, 'layer' | 'whiteout'> {
  const out: Pick<ExtractedEntry, 'layer' | 'whiteout'> = {};
  if (options.layer !== undefined) out.layer = options.layer;
  if (options.whiteout !== undefined) out.whiteout = options.whiteout;
  return out;
}

/** zlib and xz errors → problem codes: an input that ends early is `truncated`. */
export function describeStreamError(err: unknown): { code: string; message: string } {
  // Our own decoders (bzip2, lz4, .Z, ...) say exactly what went wrong.
  if (err instanceof FormatError) return { code: err.code, message: err.message };
  const message = err instanceof Error ? err.message : String(err);
  const zcode = (err as { code?: unknown }).code;
  // Samples: zlib `unexpected end of file` (code Z_BUF_ERROR); xz-decompress (xz-embedded)
  // `get_next_output failed with error code 8`, 8 being XZ_BUF_ERROR: input ended early.
  if (zcode === 'Z_BUF_ERROR' || /unexpected end|error code 8$/i.test(message)) return { code: 'truncated', message };
  return { code: 'corrupt', message };
}
