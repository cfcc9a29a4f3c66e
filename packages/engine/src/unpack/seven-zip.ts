// One adapter for the formats 7-Zip (7z-wasm: 7-Zip 24.09 in WebAssembly) reads
// better than we would: SquashFS 2 and 3, ISO 9660, 7z, CAB, RAR, CramFS, FAT. 7-Zip reads the input
// and writes members through Emscripten's NODEFS into a private temporary
// directory inside the scan's work directory (memory stays flat); we then read every
// member once (hashes and first bytes, several files at a time) and the sink takes it
// where it is: no copy, no move. Links are recorded with readlink and never followed; 7-Zip itself
// drops links it judges unsafe ("Dangerous link path was ignored", "Dangerous symbolic link
// path was ignored": absolute targets, targets out of the tree, and targets that climb to the
// tree's root on their way); each is a warning.
// The listing is checked against the scan's budget before anything is written.
import { open, readFile, readdir, readlink, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import sevenZipCjs from '7z-wasm';
import type { SevenZipModuleFactory } from '7z-wasm';
import { CONTAINER_RATIO_FLOOR_BYTES, type Limits, limitMessage } from './limits.ts';
import { inOrder } from './ordered-pool.ts';
import { type FileDigest, HeadKeeper } from './safe-fs.ts';
import type { ExtractContext } from './types.ts';
import { FormatError } from './types.ts';

// The package is CommonJS (UMD) whose typings declare an ES default export: at run
// time Node hands us module.exports, which is the factory itself.
const SevenZip = sevenZipCjs as unknown as SevenZipModuleFactory;

/** 7-Zip `-t` type names of the formats we hand to it. */
export type SevenZipType = 'squashfs' | 'iso' | '7z' | 'cab' | 'rar' | 'cramfs' | 'fat' | 'compound' | 'nsis' | 'rar5' | 'arj';

interface Listed {
  files: number;
  bytes: number;
  largest: number;
}

/**
 * `deliver` receives the directory 7-Zip wrote (default: every file to the sink under
 * its own name, kept in place); formats that rename members (MSI) walk it themselves.
 */
export async function extractWith7z(ctx: ExtractContext, type: SevenZipType, deliver?: (outDir: string) => Promise<void>): Promise<void> {
  const temp = await ctx.sink.scratchDir();
  // Once the sink has taken files from the scratch directory, they live there until the scan ends.
  let keep = false;
  try {
    const archive = await archivePath(ctx, temp);
    const out = join(temp, 'out');
    const run = await start7z(dirname(archive), temp, ctx.sink.limits.maxDecoderMemory);
    const inPath = `${run.inMount}/${basename(archive)}`;
    const listing = run.call(['l', '-slt', '-ba', NO_PASSWORD, `-t${type}`, inPath]);
    if (listing.code !== 0 && listing.outOfMemory) return memoryRefused(ctx, type);
    if (listing.code !== 0) {
      const message = firstError(listing.errors);
      // Encrypted headers (7z -mhe): not even the names can be read.
      if (WRONG_PASSWORD.test(message)) {
        ctx.report({ level: 'warning', location: ctx.location, code: 'encrypted', message: `${type} archive is encrypted, names included; not unpacked` });
        return;
      }
      throw new FormatError('corrupt', `7-Zip cannot open it as ${type}: ${message}`, ctx.location);
    }
    const over = overBudget(summarise(listing.lines), ctx);
    if (over !== undefined) {
      const message = limitMessage(over[0], `${type} ${over[1]}; not unpacked`);
      ctx.report({ level: 'warning', location: ctx.location, code: 'limit-exceeded', message });
      // Past the scan's budget of files or bytes, the scan's extraction ends here, as when writing.
      if (over[0] === 'maxFiles' || over[0] === 'maxTotalBytes') ctx.sink.exhaust(message);
      return;
    }
    const extraction = run.call(['x', '-y', '-bso0', '-bsp0', NO_PASSWORD, `-t${type}`, `-o${run.outMount}/out`, inPath]);
    if (deliver) await deliver(out);
    else {
      keep = true;
      await handOver(ctx, out, '');
    }
    for (const error of extraction.errors.filter(isDroppedLink)) {
      ctx.report({ level: 'warning', location: ctx.location, code: 'unsafe-path', message: error.replace(/^ERROR: /, '') });
    }
    // 7-Zip removes what it could not decrypt; each such entry is one warning, as zip's are.
    for (const error of extraction.errors.filter((e) => WRONG_PASSWORD.test(e))) {
      const entry = / : (.+)$/.exec(error)?.[1];
      ctx.report({ level: 'warning', location: entry === undefined ? ctx.location : [...ctx.location, entry], code: 'encrypted', message: 'entry is encrypted; not extracted' });
    }
    if (extraction.code !== 0 && extraction.outOfMemory) return memoryRefused(ctx, type);
    if (extraction.code !== 0 && !extraction.errors.every((e) => e === '' || isDroppedLink(e) || WRONG_PASSWORD.test(e))) {
      const message = firstError(extraction.errors);
      throw new FormatError(/unexpected end|truncated/i.test(message) ? 'truncated' : 'corrupt', `7-Zip: ${message}`, ctx.location);
    }
  } finally {
    await rm(keep ? join(temp, CHUNK_COPY) : temp, { recursive: true, force: true });
  }
}

/** 7-Zip needed more memory than maxDecoderMemory: what it wrote before is kept, the rest is a limit problem. */
function memoryRefused(ctx: ExtractContext, type: SevenZipType): void {
  const message = limitMessage('maxDecoderMemory', `7-Zip needs more than ${ctx.sink.limits.maxDecoderMemory} bytes of memory for this ${type}; not unpacked`);
  ctx.report({ level: 'warning', location: ctx.location, code: 'limit-exceeded', message });
}

/** The archive as a file 7-Zip can open: the file itself, or the chunk copied out when it is part of a file. */
async function archivePath(ctx: ExtractContext, temp: string): Promise<string> {
  const { reader, chunk } = ctx;
  // 7-Zip tolerates trailing bytes after an archive; a chunk inside a larger file must be copied out.
  if (chunk.start === 0) return reader.path;
  const copy = join(temp, CHUNK_COPY);
  await pipeline(reader.stream(chunk.start, chunk.end), createWriteStream(copy, { flags: 'wx' }), { signal: ctx.signal });
  return copy;
}

const CHUNK_COPY = 'chunk.bin';
/**
 * The password 7-Zip is given: without one it would prompt for one on an encrypted
 * archive (and the WebAssembly build then aborts); with a wrong one it says so per entry.
 */
const NO_PASSWORD = '-pbinlens-has-no-password';
const WRONG_PASSWORD = /Wrong password\?/;

interface Run {
  inMount: string;
  outMount: string;
  /** `outOfMemory`: a growth of 7-Zip's memory past the cap was refused during the call. */
  call(args: string[]): { code: number; lines: string[]; errors: string[]; outOfMemory: boolean };
}

/** The two WebAssembly calls used here (the project's `lib` declares no WebAssembly types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** The WebAssembly module, compiled once per process; each run instantiates it afresh. */
let compiled: Promise<object> | undefined;

function wasmModule(): Promise<object> {
  compiled ??= readFile(createRequire(import.meta.url).resolve('7z-wasm/7zz.wasm')).then((bytes) => wasm.compile(bytes));
  return compiled;
}

/**
 * 7-Zip with its WebAssembly memory capped at `maxMemory` bytes: Emscripten grows the
 * memory through the `emscripten_resize_heap` import, which is refused past the cap, so
 * 7-Zip's allocation fails ("Can't allocate required memory") instead of growing to 2 GiB.
 */
async function start7z(inputDir: string, outDir: string, maxMemory: number): Promise<Run> {
  let lines: string[] = [];
  let errors: string[] = [];
  let refused = false;
  const compiledModule = await wasmModule();
  const options = {
    print: (s: string) => void lines.push(s),
    printErr: (s: string) => void errors.push(s),
    instantiateWasm(imports: { env: Record<string, unknown> }, receive: (instance: object, module: object) => void): object {
      const grow = imports.env.emscripten_resize_heap as (requested: number) => boolean;
      imports.env.emscripten_resize_heap = (requested: number): boolean => {
        if (requested >>> 0 > maxMemory) {
          refused = true;
          return false;
        }
        return grow(requested);
      };
      void wasm.instantiate(compiledModule, imports).then((instance) => receive(instance, compiledModule));
      return {};
    },
  };
  const module = await SevenZip(options as Parameters<SevenZipModuleFactory>[0]);
  // Random mount names: a crafted link inside the archive cannot guess where the input lives.
  const tag = randomBytes(6).toString('hex');
  const inMount = `/in-${tag}`;
  const outMount = `/out-${tag}`;
  module.FS.mkdir(inMount);
  module.FS.mount(module.NODEFS, { root: inputDir }, inMount);
  module.FS.mkdir(outMount);
  module.FS.mount(module.NODEFS, { root: outDir }, outMount);
  return {
    inMount,
    outMount,
    call(args) {
      lines = [];
      errors = [];
      // The Emscripten runtime sets process.exitCode to 7-Zip's own exit status; that is the
      // archive's outcome, not the embedding program's, which keeps the one it had.
      const exitCode = process.exitCode;
      try {
        const code: unknown = module.callMain(args);
        return { code: typeof code === 'number' ? code : 0, lines, errors, outOfMemory: refused };
      } catch (err) {
        // A C++ exception leaves the WebAssembly build as a bare number (its pointer):
        // 7-Zip gave up on the input (or could not allocate). The module is not reused after this.
        if (typeof err === 'number') return { code: 2, lines, errors: [...errors, `ERROR: 7-Zip aborted on malformed input`], outOfMemory: refused };
        throw err;
      } finally {
        process.exitCode = exitCode;
      }
    },
  };
}

/** Files read (hashed) at the same time while handing over; the sink still sees them in order. */
const READ_AHEAD = 8;

interface Written {
  name: string;
  path: string;
  kind: 'file' | 'symlink';
}

/** Hand over what 7-Zip wrote, depth first in name order, without following links. */
async function handOver(ctx: ExtractContext, dir: string, prefix: string): Promise<void> {
  const written: Written[] = [];
  await walk(dir, prefix, written);
  const taken = new Set<Written>();
  try {
    await inOrder(
      written,
      READ_AHEAD,
      async (item) => (item.kind === 'file' ? digest(item.path, ctx.signal) : readlink(item.path)),
      (item, result) => {
        if (ctx.sink.stopped) return false;
        ctx.signal.throwIfAborted();
        if (typeof result === 'string') ctx.sink.link(item.name, result, 'symlink');
        else if (ctx.sink.adopt(item.name, item.path, result)) taken.add(item);
        return true;
      },
    );
  } finally {
    // What the sink refused, or never saw after a limit, goes now rather than at the scan's end.
    for (const item of written) if (item.kind === 'file' && !taken.has(item)) await rm(item.path, { force: true });
  }
}

async function walk(dir: string, prefix: string, out: Written[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // nothing extracted
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const name = prefix + entry.name;
    if (entry.isSymbolicLink()) out.push({ name, path, kind: 'symlink' });
    else if (entry.isDirectory()) await walk(path, `${name}/`, out);
    else if (entry.isFile()) out.push({ name, path, kind: 'file' });
  }
}

/** Read buffers reused across files: one fresh buffer per small file would keep the GC busy. */
const buffers: Buffer[] = [];
const BUFFER_BYTES = 256 * 1024;

/** One read of a file: size, sha1, sha256 and its first bytes. */
async function digest(path: string, signal: AbortSignal): Promise<FileDigest> {
  const sha1 = createHash('sha1');
  const sha256 = createHash('sha256');
  const head = new HeadKeeper();
  let size = 0;
  const buffer = buffers.pop() ?? Buffer.allocUnsafe(BUFFER_BYTES);
  const handle = await open(path, 'r');
  try {
    for (;;) {
      signal.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, size);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      size += bytesRead;
      head.add(chunk);
      sha1.update(chunk);
      sha256.update(chunk);
    }
  } finally {
    await handle.close();
    buffers.push(buffer);
  }
  return { size, sha1: sha1.digest('hex'), sha256: sha256.digest('hex'), head: head.bytes() };
}

/**
 * Which limit the listing passes, with what it lists: the scan's remaining files, bytes
 * or file size, or the ratio of what it lists to the archive's own size (7-Zip writes
 * the members before the sink sees a byte, so nothing is written when over).
 */
function overBudget(listed: Listed, ctx: ExtractContext): [keyof Limits, string] | undefined {
  const budget = ctx.sink.budget;
  const { maxCompressionRatio } = ctx.sink.limits;
  const packed = Math.max(1, ctx.chunk.end - ctx.chunk.start);
  const lists = `lists ${listed.files} files of ${listed.bytes} bytes`;
  if (listed.files > budget.files) return ['maxFiles', `${lists}, more than the ${budget.files} files left in the scan's budget`];
  if (listed.bytes > budget.bytes) return ['maxTotalBytes', `${lists}, more than the ${budget.bytes} bytes left in the scan's budget`];
  if (listed.largest > budget.fileBytes) return ['maxFileBytes', `${lists}, one of ${listed.largest} bytes, over ${budget.fileBytes}`];
  if (listed.bytes > CONTAINER_RATIO_FLOOR_BYTES && listed.bytes > maxCompressionRatio * packed) {
    return ['maxCompressionRatio', `${lists} from ${packed} bytes, above ${maxCompressionRatio}:1`];
  }
  return undefined;
}

/** Files and bytes of a `7z l -slt -ba` listing (blocks of `Key = value` lines). */
function summarise(lines: string[]): Listed {
  const listed = { files: 0, bytes: 0, largest: 0 };
  for (const line of lines) {
    // Sample: `Size = 1234` (empty for directories).
    const size = /^Size = (\d+)$/.exec(line);
    if (!size) continue;
    const n = Number(size[1]);
    listed.files++;
    listed.bytes += n;
    listed.largest = Math.max(listed.largest, n);
  }
  return listed;
}

/** 7-Zip's two messages for a link it refused to create (the archive itself is fine). */
export function isDroppedLink(line: string): boolean {
  return /^ERROR: Dangerous (symbolic )?link path was ignored/.test(line);
}

function firstError(errors: string[]): string {
  return errors.find((e) => /error/i.test(e) && !isDroppedLink(e)) ?? errors.find((e) => e.trim() !== '') ?? 'unknown error';
}
