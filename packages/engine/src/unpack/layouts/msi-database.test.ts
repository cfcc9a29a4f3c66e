// The MSI table reader on a database written by the test (string pool, `_Columns`,
// column-major rows), and fuzzed: mutated tables give paths or FormatErrors only.
import { describe, expect, it } from 'vitest';
import { installedPaths } from './msi-database.ts';
import { FormatError } from '../types.ts';
import { mutate, rng } from '../../../test/fuzz.ts';

const STRING = 0x0800 | 0x0100 | 0x1000 | 72;
const I2 = 0x0100 | 2;
const I4 = 0x0100 | 4;
type Cell = string | number | null;

/** Table streams (without the `!`) of a database holding `tables`, string references of 2 bytes. */
function database(tables: Record<string, { columns: [string, number][]; rows: Cell[][] }>): Map<string, Buffer> {
  const strings: string[] = [];
  const id = (s: string): number => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1) + 1;
  const columnsRows: Cell[][] = [];
  for (const [table, { columns }] of Object.entries(tables)) columns.forEach(([name, type], i) => columnsRows.push([table, i + 1, name, type]));
  const encode = (columns: [string, number][], rows: Cell[][]): Buffer =>
    Buffer.concat(
      columns.map(([, type], c) => {
        const width = type & 0x0800 ? 2 : (type & 0xff) <= 2 ? 2 : 4;
        const out = Buffer.alloc(rows.length * width);
        rows.forEach((row, r) => {
          const value = row[c] ?? null;
          const raw = value === null ? 0 : typeof value === 'string' ? id(value) : value + (width === 2 ? 0x8000 : 0x80000000);
          out.writeUIntLE(raw, r * width, width);
        });
        return out;
      }),
    );
  const streams = new Map<string, Buffer>();
  streams.set('_Columns', encode([['Table', STRING], ['Number', I2], ['Name', STRING], ['Type', I2]], columnsRows));
  for (const [table, { columns, rows }] of Object.entries(tables)) streams.set(table, encode(columns, rows));
  const pool = Buffer.alloc(4 + strings.length * 4);
  strings.forEach((s, i) => {
    pool.writeUInt16LE(Buffer.byteLength(s), 4 + i * 4);
    pool.writeUInt16LE(1, 6 + i * 4);
  });
  streams.set('_StringPool', pool);
  streams.set('_StringData', Buffer.from(strings.join('')));
  return streams;
}

const DB = database({
  Directory: {
    columns: [['Directory', STRING], ['Directory_Parent', STRING], ['DefaultDir', STRING]],
    rows: [
      ['TARGETDIR', null, 'SourceDir'],
      ['ProgramFilesFolder', 'TARGETDIR', 'PFiles'],
      ['INSTALLDIR', 'ProgramFilesFolder', 'BINLEN~1|Binlens Demo'],
      ['DOCS', 'INSTALLDIR', 'docs:srcdocs'],
      ['SAME', 'INSTALLDIR', '.'],
      ['EVIL', 'INSTALLDIR', '..'],
      ['LOOP1', 'LOOP2', 'l1'],
      ['LOOP2', 'LOOP1', 'l2'],
    ],
  },
  Component: {
    columns: [['Component', STRING], ['ComponentId', STRING], ['Directory_', STRING], ['Attributes', I2]],
    rows: [
      ['C1', '{1}', 'DOCS', 0],
      ['C2', '{2}', 'SAME', 0],
      ['C3', '{3}', 'LOOP1', 0],
      ['C4', '{4}', 'EVIL', 0],
    ],
  },
  File: {
    columns: [['File', STRING], ['Component_', STRING], ['FileName', STRING], ['FileSize', I4], ['Sequence', I2]],
    rows: [
      ['F1', 'C1', 'README~1.TXT|readme long.txt', 70000, 1],
      ['F2', 'C2', 'a.dll', 10, 2],
      ['F3', 'C3', 'x.bin', 1, 3],
      ['F4', 'C4', 'SLASH|a/b\\c.txt', 1, 4],
      ['F5', 'MISSING', 'orphan.txt', 1, 5],
    ],
  },
});

describe('MSI database tables', () => {
  it('installed paths: long names, `.` and the root add nothing, loops stop, names stay one element', () => {
    expect(Object.fromEntries(installedPaths((name) => DB.get(name)))).toEqual({
      F1: 'PFiles/Binlens Demo/docs/readme long.txt',
      F2: 'PFiles/Binlens Demo/a.dll',
      F3: 'l2/l1/x.bin',
      F4: 'PFiles/Binlens Demo/_/a_b_c.txt',
      F5: 'orphan.txt',
    });
  });

  it('without a string pool the tables cannot be read', () => {
    expect(() => installedPaths((name) => (name === '_StringPool' ? undefined : DB.get(name)))).toThrow(FormatError);
  });

  it('mutated tables give paths or FormatErrors, never other errors', () => {
    const next = rng(0x6d5);
    const names = [...DB.keys()];
    for (let i = 0; i < 2000; i++) {
      const victim = names[next() % names.length] ?? '';
      const streams = new Map(DB);
      streams.set(victim, mutate(DB.get(victim) ?? Buffer.alloc(0), next));
      try {
        for (const path of installedPaths((name) => streams.get(name)).values()) {
          expect(path.split('/').every((part) => part !== '..' && part !== '')).toBe(true);
        }
      } catch (err) {
        expect(err).toBeInstanceOf(FormatError);
      }
    }
  });
});
