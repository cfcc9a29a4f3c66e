// The Assembly row of a .NET image's metadata (ECMA-335 partition II): the CLI header
// (data directory 14) points at the metadata root ('BSJB', stream headers); the `#~`
// stream holds the table row counts, then the tables in order. Rows before the
// Assembly table (0x20) are skipped by computing each table's row width from the
// heap index sizes and the coded-index widths; the name comes from `#Strings`.
import type { PeLayout, ReadRange } from './pe-layout.ts';

export interface AssemblyIdentity {
  name: string;
  /** `Major.Minor.Build.Revision`, sample `13.0.0.0`. */
  version: string;
  culture: string;
}

const CLI_HEADER = 14;
const METADATA_MAGIC = 0x424a5342;
const ASSEMBLY = 0x20;
/** A table stream over this is not a real assembly's (the largest framework ones are a few MiB). */
const MAX_TABLES = 16 * 1024 * 1024;

/** The assembly identity; undefined for a native PE; a string saying what is damaged. */
export async function readAssemblyIdentity(read: ReadRange, pe: PeLayout): Promise<AssemblyIdentity | string | undefined> {
  const cli = pe.directory(CLI_HEADER);
  if (cli === undefined) return undefined;
  const cliAt = pe.offsetOf(cli.rva);
  const header = cliAt === undefined ? Buffer.alloc(0) : await read(cliAt, 72);
  if (header.length < 16) return 'CLI header outside the file';
  const rootAt = pe.offsetOf(header.readUInt32LE(8));
  const root = rootAt === undefined ? Buffer.alloc(0) : await read(rootAt, 4096);
  if (root.length < 20 || root.readUInt32LE(0) !== METADATA_MAGIC) return 'no metadata root (BSJB)';
  const streams = streamHeaders(root);
  if (typeof streams === 'string') return streams;
  const tables = streams.get('#~') ?? streams.get('#-');
  const strings = streams.get('#Strings');
  if (!tables || !strings || rootAt === undefined) return 'metadata without #~ or #Strings stream';
  if (tables.size > MAX_TABLES) return `table stream of ${tables.size} bytes`;
  const stream = await read(rootAt + tables.offset, tables.size);
  const row = assemblyRow(stream);
  if (typeof row === 'string') return row;
  if (row === undefined) return undefined;
  const name = await heapString(read, rootAt + strings.offset, strings.size, row.name);
  if (name === undefined) return `assembly name at #Strings ${row.name} is outside the heap`;
  if (name === '') return 'Assembly row without a name';
  const culture = (await heapString(read, rootAt + strings.offset, strings.size, row.culture)) ?? '';
  return { name, version: row.version, culture };
}

/** Stream headers after the version string: {offset, size, name padded to 4}. */
function streamHeaders(root: Buffer): Map<string, { offset: number; size: number }> | string {
  const versionLength = root.readUInt32LE(12);
  let at = 16 + versionLength;
  if (versionLength > 255 || at + 4 > root.length) return 'metadata version string is too long';
  const count = root.readUInt16LE(at + 2);
  at += 4;
  const out = new Map<string, { offset: number; size: number }>();
  for (let i = 0; i < count; i++) {
    if (at + 9 > root.length) return 'stream headers cut short';
    const nul = root.indexOf(0, at + 8);
    if (nul < 0 || nul - at - 8 > 32) return 'stream name without an end';
    out.set(root.toString('latin1', at + 8, nul), { offset: root.readUInt32LE(at), size: root.readUInt32LE(at + 4) });
    at = at + 8 + Math.ceil((nul - at - 8 + 1) / 4) * 4;
  }
  return out;
}

/** The first Assembly row: version and the #Strings offsets of name and culture. */
function assemblyRow(stream: Buffer): { version: string; name: number; culture: number } | string | undefined {
  if (stream.length < 24) return 'table stream cut short';
  const heapSizes = stream[6] ?? 0;
  const valid = stream.readBigUInt64LE(8);
  const rows: number[] = [];
  let at = 24;
  for (let t = 0; t < 64; t++) {
    if (((valid >> BigInt(t)) & 1n) === 0n) {
      rows.push(0);
      continue;
    }
    if (at + 4 > stream.length) return 'table row counts cut short';
    rows.push(stream.readUInt32LE(at));
    at += 4;
  }
  // Bit 0x40: an extra 4-byte field follows the row counts (uncompressed `#-` streams).
  if (heapSizes & 0x40) at += 4;
  if ((rows[ASSEMBLY] ?? 0) === 0) return undefined;
  const widths = rowWidths(rows, heapSizes);
  for (let t = 0; t < ASSEMBLY; t++) at += (rows[t] ?? 0) * (widths[t] ?? 0);
  const str = heapSizes & 1 ? 4 : 2;
  const blob = heapSizes & 4 ? 4 : 2;
  // HashAlgId u32, Major/Minor/Build/Revision u16, Flags u32, PublicKey blob, Name, Culture.
  const nameAt = at + 16 + blob;
  if (nameAt + 2 * str > stream.length) return 'Assembly table outside the table stream';
  const idx = (o: number): number => (str === 4 ? stream.readUInt32LE(o) : stream.readUInt16LE(o));
  const version = [4, 6, 8, 10].map((o) => stream.readUInt16LE(at + o)).join('.');
  return { version, name: idx(nameAt), culture: idx(nameAt + str) };
}

async function heapString(read: ReadRange, heapAt: number, heapSize: number, index: number): Promise<string | undefined> {
  if (index >= heapSize) return undefined;
  const bytes = await read(heapAt + index, Math.min(1024, heapSize - index));
  const nul = bytes.indexOf(0);
  return bytes.toString('utf8', 0, nul < 0 ? bytes.length : nul);
}

// Coded indexes (II.24.2.6): tag bits and the tables they may point at.
const CODED: Record<string, { bits: number; tables: number[] }> = {
  typeDefOrRef: { bits: 2, tables: [0x02, 0x01, 0x1b] },
  hasConstant: { bits: 2, tables: [0x04, 0x08, 0x17] },
  hasCustomAttribute: { bits: 5, tables: [0x06, 0x04, 0x01, 0x02, 0x08, 0x09, 0x0a, 0x00, 0x0e, 0x17, 0x14, 0x11, 0x1a, 0x1b, 0x20, 0x23, 0x26, 0x27, 0x28, 0x2a, 0x2c, 0x2b] },
  hasFieldMarshal: { bits: 1, tables: [0x04, 0x08] },
  hasDeclSecurity: { bits: 2, tables: [0x02, 0x06, 0x20] },
  memberRefParent: { bits: 3, tables: [0x02, 0x01, 0x1a, 0x06, 0x1b] },
  hasSemantics: { bits: 1, tables: [0x14, 0x17] },
  methodDefOrRef: { bits: 1, tables: [0x06, 0x0a] },
  memberForwarded: { bits: 1, tables: [0x04, 0x06] },
  customAttributeType: { bits: 3, tables: [0x06, 0x0a] },
  resolutionScope: { bits: 2, tables: [0x00, 0x1a, 0x23, 0x01] },
};

// Column kinds of tables 0x00-0x1f (II.22): numbers are fixed widths, `s`/`g`/`b` heap
// indexes, `t<n>` a simple index into table n, other names coded indexes.
const COLUMNS: string[][] = [
  ['2', 's', 'g', 'g', 'g'], // Module
  ['resolutionScope', 's', 's'], // TypeRef
  ['4', 's', 's', 'typeDefOrRef', 't4', 't6'], // TypeDef
  ['t4'], // FieldPtr
  ['2', 's', 'b'], // Field
  ['t6'], // MethodPtr
  ['4', '2', '2', 's', 'b', 't8'], // MethodDef
  ['t8'], // ParamPtr
  ['2', '2', 's'], // Param
  ['t2', 'typeDefOrRef'], // InterfaceImpl
  ['memberRefParent', 's', 'b'], // MemberRef
  ['2', 'hasConstant', 'b'], // Constant (type byte + padding)
  ['hasCustomAttribute', 'customAttributeType', 'b'], // CustomAttribute
  ['hasFieldMarshal', 'b'], // FieldMarshal
  ['2', 'hasDeclSecurity', 'b'], // DeclSecurity
  ['2', '4', 't2'], // ClassLayout
  ['4', 't4'], // FieldLayout
  ['b'], // StandAloneSig
  ['t2', 't20'], // EventMap
  ['t20'], // EventPtr
  ['2', 's', 'typeDefOrRef'], // Event
  ['t2', 't23'], // PropertyMap
  ['t23'], // PropertyPtr
  ['2', 's', 'b'], // Property
  ['2', 't6', 'hasSemantics'], // MethodSemantics
  ['t2', 'methodDefOrRef', 'methodDefOrRef'], // MethodImpl
  ['s'], // ModuleRef
  ['b'], // TypeSpec
  ['2', 'memberForwarded', 's', 't26'], // ImplMap
  ['4', 't4'], // FieldRVA
  ['4', '4'], // ENCLog
  ['4'], // ENCMap
];

function rowWidths(rows: number[], heapSizes: number): number[] {
  const heap: Record<string, number> = { s: heapSizes & 1 ? 4 : 2, g: heapSizes & 2 ? 4 : 2, b: heapSizes & 4 ? 4 : 2 };
  const width = (column: string): number => {
    if (/^\d$/.test(column)) return Number(column);
    if (column in heap) return heap[column] ?? 2;
    if (column.startsWith('t')) return (rows[Number(column.slice(1))] ?? 0) < 0x10000 ? 2 : 4;
    const coded = CODED[column];
    if (!coded) throw new Error(`unknown column kind ${column}`);
    const most = Math.max(...coded.tables.map((t) => rows[t] ?? 0));
    return most < 2 ** (16 - coded.bits) ? 2 : 4;
  };
  return COLUMNS.map((columns) => columns.reduce((sum, c) => sum + width(c), 0));
}
