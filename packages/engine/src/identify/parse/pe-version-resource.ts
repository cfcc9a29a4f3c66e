// The string table of a PE image's version resource (RT_VERSION, `VS_VERSION_INFO`):
// ProductVersion, FileVersion, CompanyName... The resource directory (data directory 2)
// is a three-level tree (type → name → language) of 16-byte directories and 8-byte
// entries; the version block is a tree of {wLength, wValueLength, wType, UTF-16 key,
// value, children}, each part aligned to 4 bytes from the block's start.
import type { PeLayout, ReadRange } from './pe-layout.ts';

const RESOURCES = 2;
const RT_VERSION = 16;
const SUBDIRECTORY = 0x80000000;
/** Version blocks are a few KiB; a bigger one is not read. */
const MAX_BLOCK = 64 * 1024;
const MAX_ENTRIES = 4096;

/** The first string table's entries; empty when the image has no version resource. */
export async function readVersionStrings(read: ReadRange, pe: PeLayout): Promise<Map<string, string>> {
  const dir = pe.directory(RESOURCES);
  const base = dir === undefined ? undefined : pe.offsetOf(dir.rva);
  if (base === undefined) return new Map();
  let offset = await entryOffset(read, base, 0, RT_VERSION);
  // Name and language levels: the first entry of each.
  for (let level = 0; level < 2 && offset !== undefined && offset & SUBDIRECTORY; level++) offset = await entryOffset(read, base, offset & ~SUBDIRECTORY, undefined);
  if (offset === undefined || offset & SUBDIRECTORY) return new Map();
  const data = await read(base + offset, 8);
  if (data.length < 8) return new Map();
  const at = pe.offsetOf(data.readUInt32LE(0));
  const size = Math.min(data.readUInt32LE(4), MAX_BLOCK);
  if (at === undefined) return new Map();
  return stringTable(await read(at, size));
}

/** The raw OffsetToData of the entry with `id` (or the first entry) in the directory at `dirOffset`. */
async function entryOffset(read: ReadRange, base: number, dirOffset: number, id: number | undefined): Promise<number | undefined> {
  const head = await read(base + dirOffset, 16);
  if (head.length < 16) return undefined;
  const count = Math.min(head.readUInt16LE(12) + head.readUInt16LE(14), MAX_ENTRIES);
  const entries = await read(base + dirOffset + 16, count * 8);
  for (let p = 0; p + 8 <= entries.length; p += 8) {
    if (id === undefined || entries.readUInt32LE(p) === id) return entries.readUInt32LE(p + 4) >>> 0;
  }
  return undefined;
}

interface Node {
  key: string;
  value: Buffer;
  children: Node[];
}

function stringTable(block: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  const root = node(block, 0, 0);
  const fileInfo = root?.children.find((c) => c.key === 'StringFileInfo');
  for (const entry of fileInfo?.children[0]?.children ?? []) {
    // wValueLength counts UTF-16 words including the terminating NUL.
    out.set(entry.key, entry.value.toString('utf16le').replace(/\0.*$/s, ''));
  }
  return out;
}

const align = (n: number): number => (n + 3) & ~3;

function node(block: Buffer, at: number, depth: number): Node | undefined {
  if (at + 6 > block.length || depth > 4) return undefined;
  const length = block.readUInt16LE(at);
  const valueLength = block.readUInt16LE(at + 2);
  const text = block.readUInt16LE(at + 4) === 1;
  const end = Math.min(at + length, block.length);
  if (length < 6) return undefined;
  let keyEnd = at + 6;
  while (keyEnd + 1 < end && block.readUInt16LE(keyEnd) !== 0) keyEnd += 2;
  const key = block.toString('utf16le', at + 6, keyEnd);
  const valueAt = align(keyEnd + 2);
  const valueEnd = Math.min(valueAt + (text ? valueLength * 2 : valueLength), end);
  const children: Node[] = [];
  for (let child = align(valueEnd); child < end; ) {
    const parsed = node(block, child, depth + 1);
    const childLength = child + 2 <= block.length ? block.readUInt16LE(child) : 0;
    if (!parsed || childLength === 0) break;
    children.push(parsed);
    child = align(child + childLength);
  }
  return { key, value: block.subarray(Math.min(valueAt, valueEnd), valueEnd), children };
}
