// Bytes the program builds from its own data (the signature automaton, the licence index, a
// database cluster) kept in a file between runs, as Node keeps compiled code: a run then reads
// them (~10 ms) instead of building them (~0.1–0.4 s of CPU each; seconds for a cluster). A file
// is named by a digest of everything the bytes are built from: the source of the modules that
// build them and the data they read. A change to either names another file, so a stale one is
// never read, and is removed when another of its name is written once no run has read it for a
// week. The cache is best effort: any failure to
// read, check or write it only means building, as without it.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the bytes are built from: each part is hashed into the file's name. */
export interface BuildKey {
  /** Names the file: [a-z-] only. */
  name: string;
  /** The modules whose code makes the bytes (`import.meta.url` of each): their source is part of the key. */
  sources: readonly URL[];
  /** The data they are built from, or what names it (a package's version). */
  inputs: readonly (string | Uint8Array)[];
}

const MAGIC = 0x31434c42; // "BLC1", little-endian
/** Magic, length, SHA-256 of the bytes (with the CPU's SHA instructions, faster than zlib's CRC-32 here). */
const HEADER_BYTES = 40;
const NAME = /^[a-z][a-z-]*$/;
/** No cached value is this large; a larger file is not one of ours. */
const MAX_BYTES = 512 * 1024 * 1024;

/**
 * The cache's directory: BINLENS_CACHE_DIR (empty: no cache), else one per user in the OS temp
 * directory. Undefined when it cannot be used safely: it must be a directory of this user that no
 * one else may write to, since what it holds decides what a scan finds.
 */
export function buildCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.BINLENS_CACHE_DIR;
  if (configured === '') return undefined;
  const dir = configured ?? join(tmpdir(), `binlens-cache-${process.getuid?.() ?? 'user'}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    const uid = process.getuid?.();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** `build()`'s bytes, read from the cache when it holds them for `key`, else built and stored there. */
export function cachedBuild(key: BuildKey, build: () => Uint8Array, dir: string | undefined = buildCacheDir()): Uint8Array {
  const { file, cached } = lookUp(key, dir);
  if (cached !== undefined) return cached;
  const bytes = build();
  if (file !== undefined) store(file, bytes);
  return bytes;
}

/** cachedBuild for bytes that take asynchronous work to build. */
export async function cachedBuildAsync(key: BuildKey, build: () => Promise<Uint8Array>, dir: string | undefined = buildCacheDir()): Promise<Uint8Array> {
  const { file, cached } = lookUp(key, dir);
  if (cached !== undefined) return cached;
  const bytes = await build();
  if (file !== undefined) store(file, bytes);
  return bytes;
}

/** The file for `key` (none without a usable cache) and the bytes it holds, when it holds them whole. */
function lookUp(key: BuildKey, dir: string | undefined): { file: string | undefined; cached: Uint8Array | undefined } {
  const file = dir === undefined ? undefined : cacheFile(dir, key);
  return { file, cached: file === undefined ? undefined : readCached(file) };
}

/** The file for `key` in `dir`; undefined when a source cannot be read (the code is not in files). */
function cacheFile(dir: string, key: BuildKey): string | undefined {
  if (!NAME.test(key.name)) throw new Error(`invalid build cache name: ${key.name}`);
  const hash = createHash('sha256');
  try {
    for (const source of key.sources) hash.update(readFileSync(fileURLToPath(source))).update('\0');
  } catch {
    return undefined;
  }
  // Each input with its length first: inputs may hold any byte, so no separator could be told from them.
  for (const input of key.inputs) hash.update(`${input.length}:`).update(input);
  return join(dir, `${key.name}-${hash.digest('hex').slice(0, 32)}.bin`);
}

function readCached(file: string): Uint8Array | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    if (size < HEADER_BYTES || size > MAX_BYTES + HEADER_BYTES) return undefined;
    const header = Buffer.alloc(HEADER_BYTES);
    if (readSync(fd, header, 0, HEADER_BYTES, 0) !== HEADER_BYTES) return undefined;
    const length = header.readUInt32LE(4);
    if (header.readUInt32LE(0) !== MAGIC || length !== size - HEADER_BYTES) return undefined;
    // An ArrayBuffer of its own, 4-byte aligned: the bytes are read back as typed arrays.
    const bytes = new Uint8Array(length);
    if (readSync(fd, bytes, 0, length, HEADER_BYTES) !== length) return undefined;
    if (!digest(bytes).equals(header.subarray(8))) return undefined;
    touch(file);
    return bytes;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function digest(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** Written whole under another name, then renamed: a reader never sees a part of the file. */
function store(file: string, bytes: Uint8Array): void {
  if (bytes.length > MAX_BYTES) return;
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(bytes.length, 4);
  digest(bytes).copy(header, 8);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([header, bytes]), { flag: 'wx', mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
  removeUnused(file);
}

/** A file's time is when it was last read or written (access times are often not kept). */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // read-only cache: the file stays as old as it was
  }
}

/** Files unused this long, of the same name as one just written, were built by code no longer run. */
const UNUSED_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes the files of the same name (other code or data versions) that no run has used for a week. */
function removeUnused(file: string): void {
  const dir = dirname(file);
  const prefix = basename(file).replace(/[0-9a-f]{32}\.bin$/, '');
  try {
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(prefix) || !/^[0-9a-f]{32}\.bin$/.test(name.slice(prefix.length))) continue;
      const other = join(dir, name);
      if (other !== file && Date.now() - statSync(other).mtimeMs > UNUSED_MS) rmSync(other, { force: true });
    }
  } catch {
    // best effort, as the rest of the cache
  }
}
