// Where an ext inode's bytes are: the ext4 extent tree or the ext2/3 block map
// (12 direct, single, double and triple indirect pointers), as runs of logical
// blocks, in logical order, each mapped to disk or a hole. Only the blocks below
// the file's size are asked for, so a lying tree cannot make us walk more.
import { Readable } from 'node:stream';
import { FormatError } from '../types.ts';
import { EXTENTS_FL, type ExtFs, type Inode } from './ext-superblock.ts';

export interface Run {
  logical: number;
  /** First disk block, or 0 for a hole (and for unwritten extents): zeros. */
  physical: number;
  count: number;
}

const EXTENT_MAGIC = 0xf30a;
/** The kernel's own limit on extent tree depth (EXT4_MAX_EXTENT_DEPTH). */
const MAX_DEPTH = 5;
/** Largest read handed to the sink at once. */
const READ_BLOCKS_BYTES = 1024 * 1024;

/** Runs covering logical blocks [0, ceil(size / blockSize)), sorted, holes filled in. */
export async function mapInode(fs: ExtFs, inode: Inode): Promise<Run[]> {
  const wanted = Math.ceil(inode.size / fs.sb.blockSize);
  const runs: Run[] = [];
  if (inode.flags & EXTENTS_FL) await walkExtents(fs, inode.block, wanted, MAX_DEPTH, runs);
  else await walkBlockMap(fs, inode.block, wanted, runs);
  return fillHoles(runs, wanted);
}

/** The inode's bytes as a stream, read a megabyte at most at a time. */
export function inodeStream(fs: ExtFs, runs: Run[], size: number): Readable {
  const { blockSize } = fs.sb;
  async function* bytes(): AsyncGenerator<Buffer> {
    let left = size;
    for (const run of runs) {
      const step = Math.max(1, Math.floor(READ_BLOCKS_BYTES / blockSize));
      for (let i = 0; i < run.count && left > 0; i += step) {
        const n = Math.min(step, run.count - i);
        const data = run.physical === 0 ? Buffer.alloc(n * blockSize) : await fs.blocks(run.physical + i, n, 'file data');
        const part = data.subarray(0, Math.min(data.length, left));
        left -= part.length;
        yield part;
      }
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}

async function walkExtents(fs: ExtFs, node: Buffer, wanted: number, depthLeft: number, runs: Run[]): Promise<void> {
  if (node.length < 12 || node.readUInt16LE(0) !== EXTENT_MAGIC) throw new FormatError('malformed', 'extent node without its magic');
  const entries = node.readUInt16LE(2);
  const depth = node.readUInt16LE(6);
  if (depth >= depthLeft || 12 + entries * 12 > node.length) throw new FormatError('malformed', `extent node of depth ${depth} with ${entries} entries`);
  for (let i = 0; i < entries; i++) {
    const at = 12 + i * 12;
    const logical = node.readUInt32LE(at);
    if (logical >= wanted) break; // entries are sorted; the rest is past the size
    if (depth === 0) {
      const raw = node.readUInt16LE(at + 4);
      // Lengths above 32768 mark unwritten (preallocated) extents, which read as zeros.
      const unwritten = raw > 32768;
      const count = Math.min(unwritten ? raw - 32768 : raw, wanted - logical);
      const physical = node.readUInt16LE(at + 6) * 2 ** 32 + node.readUInt32LE(at + 8);
      if (count > 0) runs.push({ logical, physical: unwritten ? 0 : physical, count });
    } else {
      const child = node.readUInt32LE(at + 4) + node.readUInt16LE(at + 8) * 2 ** 32;
      await walkExtents(fs, await fs.blocks(child, 1, 'extent index'), wanted, depth, runs);
    }
  }
}

async function walkBlockMap(fs: ExtFs, block: Buffer, wanted: number, runs: Run[]): Promise<void> {
  const perBlock = fs.sb.blockSize / 4;
  let logical = 0;
  const push = (physical: number): void => {
    const last = runs.at(-1);
    if (last && physical !== 0 && last.physical + last.count === physical && last.logical + last.count === logical) last.count++;
    else if (physical !== 0) runs.push({ logical, physical, count: 1 });
    logical++;
  };
  for (let i = 0; i < 12 && logical < wanted; i++) push(block.readUInt32LE(i * 4));
  for (let level = 1; level <= 3 && logical < wanted; level++) {
    const pointer = block.readUInt32LE((11 + level) * 4);
    const span = perBlock ** level;
    if (pointer === 0) logical += span; // a whole indirect subtree is a hole
    else await walkIndirect(fs, pointer, level, () => logical < wanted, push);
  }

  async function walkIndirect(fsys: ExtFs, pointer: number, level: number, more: () => boolean, emit: (p: number) => void): Promise<void> {
    const table = await fsys.blocks(pointer, 1, 'indirect block');
    for (let i = 0; i < perBlock && more(); i++) {
      const next = table.readUInt32LE(i * 4);
      if (level === 1) emit(next);
      else if (next === 0) logical += perBlock ** (level - 1);
      else await walkIndirect(fsys, next, level - 1, more, emit);
    }
  }
}

/** Sorted, non-overlapping runs covering [0, wanted): overlaps refused, gaps as holes. */
function fillHoles(runs: Run[], wanted: number): Run[] {
  const out: Run[] = [];
  let next = 0;
  for (const run of runs) {
    if (run.logical < next) throw new FormatError('malformed', `extents overlap at logical block ${run.logical}`);
    if (run.logical > next) out.push({ logical: next, physical: 0, count: run.logical - next });
    out.push(run);
    next = run.logical + run.count;
  }
  if (next < wanted) out.push({ logical: next, physical: 0, count: wanted - next });
  return out;
}
