import { gzipSync } from 'node:zlib';
import { text } from 'node:stream/consumers';
import { createGunzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Identification } from '../model/index.ts';
import { isPortableScanHead, readPortableScan } from './read.ts';
import { PortableScanError } from './portable-scan.ts';
import { writePortableScan } from './write.ts';

const EXPORTED = new Date('2026-02-03T04:05:06.000Z');

const identification: Identification = {
  schemaVersion: 1,
  input: { name: 'fw.bin', size: 3, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), format: 'archive/tar' },
  files: [
    { path: [], size: 3, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), format: 'archive/tar' },
    { path: ['bin/link'], size: 0, sha1: '', sha256: '', linkTarget: 'busybox' },
  ],
  components: [
    {
      id: 'c1',
      name: 'zlib',
      version: '1.3',
      codetype: 'NA',
      vendor: 'zlib',
      purl: 'pkg:generic/zlib@1.3',
      cpes: ['cpe:2.3:a:zlib:zlib:1.3:*:*:*:*:*:*:*'],
      licenses: ['Zlib'],
      evidence: [{ method: 'signature', foundBy: 'signatures/zlib', path: ['bin/x'], offset: 12, text: 'inflate 1.3 \u0000\ud800' }],
    },
  ],
  problems: [{ level: 'warning', location: ['a'], plugin: 'archive/tar', code: 'truncated', message: 'cut' }],
  infoleaks: [{ kind: 'emails', detector: 'text/email', path: ['etc/x'], line: 2, value: 'a@b.example', context: 'mail a@b.example', details: { domain: 'b.example', valid: true } }],
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
};

async function fileOf(value: Identification = identification): Promise<Buffer> {
  return Buffer.from(await new Response(writePortableScan(JSON.stringify(value), EXPORTED) as unknown as ReadableStream).arrayBuffer());
}

/** A gzip of `document` as JSON (a hand-made file). */
const gz = (document: unknown) => gzipSync(JSON.stringify(document));
type Document = Record<string, unknown> & { identification: Record<string, unknown> };
const documentWith = (changes: (copy: Document) => void) => gzipSync(documentText(changes));
const documentText = (changes: (copy: Document) => void): string => {
  const copy: Document = { format: 'binlens-scan', version: 1, exported_at: EXPORTED.toISOString(), identification: structuredClone(identification) as unknown as Record<string, unknown> };
  changes(copy);
  return JSON.stringify(copy);
};

const refusal = async (bytes: Uint8Array, limits = {}) => {
  const error: unknown = await readPortableScan(bytes, limits).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PortableScanError);
  return (error as Error).message;
};

describe('writePortableScan and readPortableScan', () => {
  it('writes gzip whose text is the document with format first, and reads the Identification back exactly', async () => {
    const file = await fileOf();
    expect([file[0], file[1]]).toEqual([0x1f, 0x8b]);
    const inflated = await text(createGunzip().end(file));
    expect(inflated).toBe(`{"format":"binlens-scan","version":1,"exported_at":"2026-02-03T04:05:06.000Z","identification":${JSON.stringify(identification)}}`);
    expect(await readPortableScan(file)).toEqual({ version: 1, exportedAt: '2026-02-03T04:05:06.000Z', identification });
  });

  it('keeps surrogate pairs whole across the slices the text is written in', async () => {
    // Varied text (a run of one letter would trip the compression-ratio guard), cut in the pair.
    const filler = Array.from({ length: 1 << 16 }, (_, i) => (i * 2654435761).toString(36).padStart(16, '0').slice(-16)).join('');
    const name = `${filler.slice(0, (1 << 20) - 2 - 'fw'.length)}😀`;
    const read = await readPortableScan(await fileOf({ ...identification, input: { ...identification.input, name } }));
    expect(read.identification.input.name).toBe(name);
  });

  it('reads from a stream of chunks of any size', async () => {
    const file = await fileOf();
    async function* bytewise() {
      for (let i = 0; i < file.length; i += 7) yield file.subarray(i, i + 7);
    }
    expect((await readPortableScan(bytewise())).identification).toEqual(identification);
  });

  it('drops fields it does not know, and a __proto__ key stays a plain key of a map', async () => {
    const file = documentWith((d) => {
      d.extra = 1;
      d.identification.future = { deep: [[[1]]] };
      nth(d.identification.files, 0).colour = 'red';
      nth(d.identification.infoleaks, 0).details = JSON.parse('{"__proto__":"x","a":1}');
    });
    const read = await readPortableScan(file);
    expect(Object.keys(read.identification)).toEqual(['schemaVersion', 'input', 'files', 'components', 'problems', 'infoleaks', 'startedAt', 'finishedAt']);
    expect(read.identification.files[0]).toEqual(identification.files[0]);
    const details = read.identification.infoleaks?.[0]?.details;
    expect(Object.getPrototypeOf(details)).toBe(Object.prototype);
    expect(JSON.stringify(details)).toBe('{"__proto__":"x","a":1}');
  });
});

describe('readPortableScan refuses hostile and damaged files', () => {
  it('a truncated file', async () => {
    const file = await fileOf();
    expect(await refusal(file.subarray(0, file.length - 20))).toBe('the file is truncated: its gzip stream ends early');
  });

  it('a corrupt gzip stream (checksum)', async () => {
    const file = await fileOf();
    file.writeUInt8(file.readUInt8(file.length - 6) ^ 0xff, file.length - 6);
    expect(await refusal(file)).toBe('the file is damaged: its gzip stream is corrupt (incorrect data check)');
  });

  it('bytes that are not gzip, and an empty file', async () => {
    expect(await refusal(Buffer.from('{"format":"binlens-scan"}'))).toBe('not a portable scan file: it is not gzip-compressed');
    expect(await refusal(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe('the file is truncated: its gzip stream ends early');
    expect(await refusal(Buffer.from([0x1f, 0x8b, 0, 0]))).toBe('the file is damaged: its gzip stream is corrupt (unknown compression method)');
    expect(await refusal(Buffer.alloc(0))).toBe('not a portable scan file: it is empty');
  });

  it('a gzip bomb: stopped by the ratio guard long before the size cap', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 ** 2, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(bomb)).toBe('the file inflates more than 250 times its compressed size: a compression bomb, not a portable scan file');
  });

  it('more inflated bytes than the cap', async () => {
    expect(await refusal(await fileOf(), { maxBytes: 1000 })).toBe('the file inflates to more than 1000 bytes, the most a portable scan file may hold');
  });

  it('text that is not UTF-8, or not JSON', async () => {
    expect(await refusal(gzipSync(Buffer.from([0x7b, 0xff, 0x7d])))).toBe('the file is damaged: its text is not UTF-8');
    expect(await refusal(gzipSync('{"format":"binlens-scan",'))).toBe(
      `the file does not hold valid JSON: ${jsonError('{"format":"binlens-scan",')}`,
    );
  });

  it('another format, and versions it does not read', async () => {
    expect(await refusal(gz({ format: 'cyclonedx' }))).toBe('not a portable scan file: format is "cyclonedx", not "binlens-scan"');
    expect(await refusal(gz([1, 2]))).toBe('not a portable scan file: the document is an array, not a JSON object');
    expect(await refusal(gz({ format: 'binlens-scan', version: 2 }))).toBe('portable scan file version 2 cannot be read: this binlens reads version 1');
    expect(await refusal(gz({ format: 'binlens-scan' }))).toBe('portable scan file version missing cannot be read: this binlens reads version 1');
    expect(await refusal(gz({ format: 'binlens-scan', version: '1' }))).toBe('portable scan file version "1" cannot be read: this binlens reads version 1');
  });

  it('wrong types, named by the first bad field', async () => {
    expect(await refusal(documentWith((d) => (d.exported_at = 'yesterday')))).toBe('exported_at: expected an ISO 8601 date, got "yesterday"');
    expect(await refusal(documentWith((d) => (d.identification = undefined as never))))
      .toBe('identification: expected an object, got nothing');
    expect(await refusal(documentWith((d) => (d.identification.schemaVersion = 2)))).toBe('identification.schemaVersion: expected one of 1, got 2');
    expect(await refusal(documentWith((d) => delete d.identification.input))).toBe('identification.input: expected an object, got nothing');
    expect(await refusal(documentWith((d) => (nth(d.identification.files, 1).sha256 = 7)))).toBe(
      'identification.files[1].sha256: expected a string, got a number',
    );
    expect(await refusal(documentWith((d) => (nth(d.identification.files, 0).sha1 = 'ABC')))).toBe(
      'identification.files[0].sha1: expected a SHA-1 as 40 lower-case hex digits, got "ABC"',
    );
    expect(await refusal(documentWith((d) => (nth(d.identification.files, 0).size = -1)))).toBe(
      'identification.files[0].size: expected a whole number from 0, got -1',
    );
    expect(await refusal(documentWith((d) => (nth(d.identification.components, 0).codetype = 'XX')))).toBe(
      'identification.components[0].codetype: expected one of "GO", "NA", "MA", "JA", "MS", "DP", "RB", "PY", "JS", "CP", got "XX"',
    );
    expect(await refusal(documentWith((d) => (nth(nth(d.identification.components, 0).evidence, 0).path = 'bin/x')))).toBe(
      'identification.components[0].evidence[0].path: expected an array, got a string',
    );
    expect(await refusal(documentWith((d) => (nth(d.identification.components, 0).name = 'zl\u0000ib')))).toBe(
      'identification.components[0].name: holds a NUL character or an unpaired surrogate, which cannot be stored',
    );
    expect(await refusal(documentWith((d) => (d.identification.problems = null)))).toBe('identification.problems: expected an array, got null');
  });

  it('deep nesting: where a shape is declared, and in data kept as it is', async () => {
    const deepFiles = documentText((d) => (d.identification.files = 'DEEP')).replace('"DEEP"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(await refusal(gzipSync(deepFiles))).toBe('identification.files[0]: expected an object, got an array');
    expect(await refusal(gzipSync(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe('not a portable scan file: the document is an array, not a JSON object');
    let entitlements: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i += 1) entitlements = { a: entitlements };
    const app = {
      platform: 'ios',
      path: ['a.ipa'],
      id: 'com.example.a',
      permissions: [],
      ios: { urlSchemes: [], ats: { allowsArbitraryLoads: false, exceptionDomains: [] }, frameworks: [], provisioning: { entitlements } },
    };
    expect(await refusal(documentWith((d) => (d.identification.mobileApps = [app])))).toBe(
      `identification.mobileApps[0].ios.provisioning.entitlements${'.a'.repeat(33)}: nested deeper than 32 levels`,
    );
  });
});

describe('isPortableScanHead', () => {
  it('knows a portable scan file, a truncated one too, by its first bytes', async () => {
    const file = await fileOf();
    expect(isPortableScanHead(file.subarray(0, 4096))).toBe(true);
    expect(isPortableScanHead(file.subarray(0, 200))).toBe(true);
  });

  it('any other gzip or bytes are not one', () => {
    expect(isPortableScanHead(gzipSync('{"format":"cyclonedx"}'))).toBe(false);
    expect(isPortableScanHead(gzipSync('hello'))).toBe(false);
    expect(isPortableScanHead(Buffer.from('{"format":"binlens-scan"}'))).toBe(false);
    expect(isPortableScanHead(Buffer.from([0x1f, 0x8b, 8, 0, 0xde, 0xad]))).toBe(false);
    expect(isPortableScanHead(new Uint8Array(0))).toBe(false);
  });

  it('whitespace JSON allows before and between the first member is fine', () => {
    expect(isPortableScanHead(gzipSync('\n{ "format" : "binlens-scan", "version": 1 }'))).toBe(true);
  });
});

/** Item `i` of a list in a document being spoilt. */
function nth(list: unknown, i: number): Record<string, unknown> {
  const item = (list as Record<string, unknown>[])[i];
  if (!item) throw new Error(`no item ${i}`);
  return item;
}

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('parsed');
}
