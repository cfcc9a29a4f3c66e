// The MSI database inside a compound file: a string pool (`_StringPool` lengths,
// `_StringData` bytes) and tables stored column by column, their schema in
// `_Columns`. We read just enough to name installed files: File (key → long
// name, component), Component (→ directory) and Directory (→ parent, name).
import { FormatError } from '../types.ts';

/** Column type bits (msidefs.h). */
const TYPE_STRING = 0x0800;
const TYPE_VALID = 0x0100;
const TYPE_NULLABLE = 0x1000;
/** Pool header flag: string references take 3 bytes (more than 65 535 strings). */
const LONG_REFS = 0x8000;
/** Rows read per table: real installers list tens of thousands of files; a 16 MiB table of tiny rows is an attack on memory. */
const MAX_ROWS = 500_000;
/** An installer's path is never deeper than this; a deeper chain is a loop. */
const MAX_DIRECTORY_DEPTH = 64;

export type TableStream = (name: string) => Buffer | undefined;

interface Column {
  name: string;
  number: number;
  type: number;
}

type Row = Map<string, string | number | null>;

/** String ids → strings (id 0 is the null string). */
export function readStringPool(pool: Buffer, data: Buffer): { strings: string[]; refBytes: number } {
  if (pool.length < 4) throw new FormatError('malformed', 'MSI string pool has no header');
  const refBytes = pool.readUInt16LE(2) & LONG_REFS ? 3 : 2;
  const strings = [''];
  let offset = 0;
  for (let i = 4; i + 4 <= pool.length; ) {
    const length = pool.readUInt16LE(i);
    const refs = pool.readUInt16LE(i + 2);
    let size = length;
    i += 4;
    if (length === 0 && refs !== 0) {
      // A string of 64 KiB or more: this entry keeps the reference count, the next
      // one holds the length (low word in its length field, high word in its count).
      if (i + 4 > pool.length) break;
      size = pool.readUInt16LE(i + 2) * 0x10000 + pool.readUInt16LE(i);
      i += 4;
    }
    if (offset + size > data.length) throw new FormatError('truncated', 'MSI string data ends before its pool does');
    strings.push(data.toString('utf8', offset, offset + size));
    offset += size;
  }
  return { strings, refBytes };
}

function columnBytes(type: number, refBytes: number): number {
  // Binary (stream) columns hold a 2-byte reference whatever the pool's width.
  if ((type & ~TYPE_NULLABLE) === (TYPE_STRING | TYPE_VALID)) return 2;
  if (type & TYPE_STRING) return refBytes;
  return (type & 0xff) <= 2 ? 2 : 4;
}

function readUInt(buf: Buffer, at: number, bytes: number): number {
  return bytes === 2 ? buf.readUInt16LE(at) : bytes === 3 ? buf.readUIntLE(at, 3) : buf.readUInt32LE(at);
}

/** Rows of a table stored column-major, each cell decoded by its column type. */
function readRows(stream: Buffer, columns: readonly Column[], strings: readonly string[], refBytes: number): Row[] {
  const widths = columns.map((c) => columnBytes(c.type, refBytes));
  const rowBytes = widths.reduce((a, b) => a + b, 0);
  if (rowBytes === 0) return [];
  const count = Math.floor(stream.length / rowBytes);
  const rows: Row[] = Array.from({ length: Math.min(count, MAX_ROWS) }, () => new Map());
  let base = 0;
  columns.forEach((column, c) => {
    const width = widths[c] ?? 2;
    for (let r = 0; r < rows.length; r++) {
      const raw = readUInt(stream, base + r * width, width);
      const row = rows[r];
      if (row === undefined) continue;
      if (column.type & TYPE_STRING) row.set(column.name, raw === 0 ? null : (strings[raw] ?? null));
      // Integers are stored offset by half their range; 0 is null.
      else row.set(column.name, raw === 0 ? null : raw - (width === 2 ? 0x8000 : 0x80000000));
    }
    base += count * width;
  });
  return rows;
}

/** Every table's columns, from `_Columns` (Table, Number, Name, Type; its own schema is fixed). */
function readSchema(columnsStream: Buffer, strings: readonly string[], refBytes: number): Map<string, Column[]> {
  const fixed: Column[] = [
    { name: 'Table', number: 1, type: TYPE_STRING | TYPE_VALID | 64 },
    { name: 'Number', number: 2, type: TYPE_VALID | 2 },
    { name: 'Name', number: 3, type: TYPE_STRING | TYPE_VALID | 64 },
    { name: 'Type', number: 4, type: TYPE_VALID | 2 },
  ];
  const schema = new Map<string, Column[]>();
  for (const row of readRows(columnsStream, fixed, strings, refBytes)) {
    const table = row.get('Table');
    const name = row.get('Name');
    const number = row.get('Number');
    const type = row.get('Type');
    if (typeof table !== 'string' || typeof name !== 'string' || typeof number !== 'number' || typeof type !== 'number') continue;
    const list = schema.get(table) ?? [];
    list.push({ name, number, type });
    schema.set(table, list);
  }
  for (const list of schema.values()) list.sort((a, b) => a.number - b.number);
  return schema;
}

/**
 * `SHORT~1.TXT|long name.txt` → the long name; `.` (the parent itself) → ''. One path
 * element always: separators and `..` in untrusted names become `_`.
 */
function longName(value: string): string {
  const name = value.includes('|') ? value.slice(value.indexOf('|') + 1) : value;
  if (name === '.') return '';
  return name === '..' ? '_' : name.replace(/[\\/\0]/g, '_');
}

/**
 * File key → installed path (`<directory names>/<long file name>`), from the
 * File, Component and Directory tables. The root directory (`TARGETDIR`, no
 * parent) contributes no name.
 */
export function installedPaths(stream: TableStream): Map<string, string> {
  const pool = stream('_StringPool');
  const data = stream('_StringData');
  const columnsStream = stream('_Columns');
  if (!pool || !data || !columnsStream) throw new FormatError('malformed', 'MSI has no string pool or column table');
  const { strings, refBytes } = readStringPool(pool, data);
  const schema = readSchema(columnsStream, strings, refBytes);
  const table = (name: string): Row[] => {
    const columns = schema.get(name);
    const body = stream(name);
    return columns && body ? readRows(body, columns, strings, refBytes) : [];
  };
  const directories = new Map<string, { parent: string | null; name: string }>();
  for (const row of table('Directory')) {
    const id = row.get('Directory');
    const parent = row.get('Directory_Parent');
    const defaultDir = row.get('DefaultDir');
    if (typeof id !== 'string') continue;
    // DefaultDir is `target[:source]`; the target is where files are installed.
    const target = typeof defaultDir === 'string' ? defaultDir.split(':')[0] ?? '' : '';
    directories.set(id, { parent: typeof parent === 'string' && parent !== id ? parent : null, name: longName(target) });
  }
  const directoryPath = (id: string): string[] => {
    const parts: string[] = [];
    const seen = new Set<string>();
    // A parent chain that loops stops where it comes back.
    for (let current: string | null = id; current !== null && !seen.has(current) && seen.size < MAX_DIRECTORY_DEPTH; ) {
      seen.add(current);
      const dir = directories.get(current);
      if (dir === undefined || dir.parent === null) break;
      if (dir.name !== '') parts.unshift(dir.name);
      current = dir.parent;
    }
    return parts;
  };
  const componentDirs = new Map<string, string>();
  for (const row of table('Component')) {
    const id = row.get('Component');
    const dir = row.get('Directory_');
    if (typeof id === 'string' && typeof dir === 'string') componentDirs.set(id, dir);
  }
  const paths = new Map<string, string>();
  for (const row of table('File')) {
    const key = row.get('File');
    const fileName = row.get('FileName');
    const component = row.get('Component_');
    if (typeof key !== 'string' || typeof fileName !== 'string') continue;
    const dir = typeof component === 'string' ? componentDirs.get(component) : undefined;
    const name = longName(fileName) || key;
    paths.set(key, [...(dir === undefined ? [] : directoryPath(dir)), name].join('/'));
  }
  return paths;
}
