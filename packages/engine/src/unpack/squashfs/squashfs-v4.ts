// SquashFS 4 (either byte order), read natively: the directory tree is walked from the
// root inode first (metadata only), then members stream out in walk order while
// their data blocks decode ahead on every core. Symlinks and hard links (a second
// name of an inode) are recorded, never followed; devices, FIFOs and sockets hold
// no bytes and are skipped, as the other filesystems do.
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { extractMemberOrWarn } from '../member-problems.ts';
import { memberLocation } from '../safe-fs.ts';
import type { ExtractContext } from '../types.ts';
import { FormatError } from '../types.ts';
import { SUPERBLOCK_BYTES, parseSuperblock, type Superblock } from '../layouts/squashfs-superblock.ts';
import { LookupTable, MetadataStore } from '../layouts/squashfs-metadata.ts';
import { type Inode, readInode, readListing } from '../layouts/squashfs-inodes.ts';
import { blockDecoder } from './squashfs-blocks.ts';
import { BlockReader, type Job, Prefetcher } from './squashfs-data.ts';

const FRAGMENT_ENTRY_BYTES = 16;
/** Members up to this size are handed to the sink whole rather than streamed. */
const WHOLE_MEMBER_BYTES = 1024 * 1024;
const MAX_DEPTH = 128;
/**
 * Directory entries the walk reads, per file the scan may still extract and beyond:
 * directories and devices are entries too, and a listing of highly compressible
 * metadata could otherwise name millions.
 */
const ENTRIES_PER_FILE = 4;
const ENTRIES_FLOOR = 4096;
/**
 * Output decoded ahead of the writer: at least two blocks per core (blocks are up to
 * 1 MiB), so every core stays busy while the main thread writes members.
 */
const WINDOW_BYTES = Math.max(8, 2 * availableParallelism()) * 1024 * 1024;

/** A file or symlink, or a second name of one (a hard link to the first name's path). */
type Member = { path: string; inode: Exclude<Inode, { kind: 'dir' | 'special' }> } | { path: string; hardlinkTo: string };

interface Walk {
  ctx: ExtractContext;
  /** Directory entries the walk may still read (directories and devices included). */
  entriesLeft: number;
  sb: Superblock;
  store: MetadataStore;
  members: Member[];
  /** First path of each inode reference; directories visited. */
  seen: Map<string, string>;
  dirs: Set<string>;
}

export async function extractV4(ctx: ExtractContext): Promise<void> {
  const base = ctx.chunk.start;
  const size = ctx.chunk.end - ctx.chunk.start;
  const sb = parseSuperblock(await ctx.reader.read(base, SUPERBLOCK_BYTES));
  const decode = blockDecoder(sb.compression);
  if (!decode) throw new FormatError('unsupported', `SquashFS compressor ${sb.compression}`, ctx.location);
  const headerOrder = await MetadataStore.headerOrder(ctx.reader, base, sb.inodeTable, sb.directoryTable, sb.order);
  const store = new MetadataStore(ctx.reader, base, size, decode, sb.order, headerOrder);
  const fragments =
    sb.fragmentTable === undefined ? undefined : await LookupTable.open(store, ctx.reader, base, size, sb.fragmentTable, sb.fragmentCount, FRAGMENT_ENTRY_BYTES);
  const entriesLeft = ENTRIES_PER_FILE * ctx.sink.budget.files + ENTRIES_FLOOR;
  const walk: Walk = { ctx, entriesLeft, sb, store, members: [], seen: new Map(), dirs: new Set() };
  const rootBlock = Number(sb.rootInode >> 16n);
  const rootOffset = Number(sb.rootInode & 0xffffn);
  const root = await inodeAt(walk, rootBlock, rootOffset);
  if (root.kind !== 'dir') throw new FormatError('corrupt', 'SquashFS root inode is not a directory', ctx.location);
  await walkDir(walk, root, `${rootBlock}:${rootOffset}`, '', 0);
  const blocks = new BlockReader({ reader: ctx.reader, base, size, blockSize: sb.blockSize, decode, fragments });
  await writeMembers(ctx, walk.members, blocks);
}

function inodeAt(walk: Walk, block: number, offset: number): Promise<Inode> {
  return readInode(walk.store, { block: walk.sb.inodeTable + block, offset }, { blockSize: walk.sb.blockSize, imageBytes: walk.sb.bytesUsed });
}

async function walkDir(walk: Walk, dir: Extract<Inode, { kind: 'dir' }>, key: string, prefix: string, depth: number): Promise<void> {
  const { ctx, sb } = walk;
  if (depth > MAX_DEPTH || walk.dirs.has(key)) {
    ctx.report({ level: 'warning', location: memberLocation(ctx.location, prefix || '.'), code: 'malformed', message: `directory inode ${dir.number} loops or nests too deep` });
    return;
  }
  walk.dirs.add(key);
  const entries = await readListing(walk.store, { block: sb.directoryTable + dir.startBlock, offset: dir.offset }, dir.listingBytes, walk.entriesLeft);
  walk.entriesLeft -= entries.length;
  for (const entry of entries) {
    if (ctx.sink.stopped || walk.members.length > ctx.sink.budget.files) return;
    ctx.signal.throwIfAborted();
    const name = entry.name.toString('utf8');
    const path = prefix + name;
    if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0')) {
      ctx.report({ level: 'warning', location: memberLocation(ctx.location, path), code: 'unsafe-path', message: `SquashFS entry name ${JSON.stringify(name)} refused; not extracted` });
      continue;
    }
    await extractMemberOrWarn(ctx, path, async () => {
      const ref = `${entry.inodeBlock}:${entry.inodeOffset}`;
      // A second name is linked before its inode is read again: a hostile image could
      // name one inode with a huge block list a million times.
      const first = walk.seen.get(ref);
      if (first !== undefined) {
        walk.members.push({ path, hardlinkTo: first });
        return;
      }
      const inode = await inodeAt(walk, entry.inodeBlock, entry.inodeOffset);
      if (inode.kind === 'dir') return walkDir(walk, inode, ref, `${path}/`, depth + 1);
      if (inode.kind === 'special') return; // devices, FIFOs, sockets hold no bytes
      walk.seen.set(ref, path);
      walk.members.push({ path, inode });
    });
  }
}

async function writeMembers(ctx: ExtractContext, members: Member[], blocks: BlockReader): Promise<void> {
  const fileBytes = ctx.sink.budget.fileBytes;
  function* jobs(): Generator<Job> {
    for (const [index, member] of members.entries()) {
      if ('inode' in member && member.inode.kind === 'file' && member.inode.size <= fileBytes) yield* blocks.jobs(index, member.inode);
    }
  }
  const prefetcher = new Prefetcher(jobs(), WINDOW_BYTES);
  for (const [index, member] of members.entries()) {
    if (ctx.sink.stopped) return;
    ctx.signal.throwIfAborted();
    const { path } = member;
    await extractMemberOrWarn(ctx, path, async () => {
      if (!('inode' in member)) {
        ctx.sink.link(path, member.hardlinkTo, 'hardlink');
        return;
      }
      const { inode } = member;
      if (inode.kind === 'symlink') {
        ctx.sink.link(path, inode.target, 'symlink');
        return;
      }
      if (inode.size > fileBytes) throw new FormatError('limit-exceeded', `file of ${inode.size} bytes is over the ${fileBytes}-byte file limit`);
      if (inode.size > WHOLE_MEMBER_BYTES) {
        await ctx.sink.file(path, () => Readable.from(prefetcher.blocks(index), { objectMode: false }), {}, ctx.signal);
        return;
      }
      // Most members are small: gathered whole, they skip a stream pipeline each (its
      // setup and teardown cost more than their bytes). A block that fails midway goes
      // through the stream path, so the member keeps what was decoded, as a large one does.
      const decoded: Buffer[] = [];
      try {
        for await (const block of prefetcher.blocks(index)) decoded.push(block);
      } catch (err) {
        await ctx.sink.file(path, () => Readable.from(failingAfter(decoded, err), { objectMode: false }), {}, ctx.signal);
        return;
      }
      await ctx.sink.fileBytes(path, decoded.length === 1 ? (decoded[0] as Buffer) : Buffer.concat(decoded));
    });
  }
}

async function* failingAfter(blocks: Buffer[], error: unknown): AsyncGenerator<Buffer> {
  yield* blocks;
  throw error;
}
