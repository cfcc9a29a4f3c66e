import { describe, expect, it } from 'vitest';
import { indentedJsonPieces } from './json-chunks.ts';

const joined = (value: unknown): string => [...indentedJsonPieces(value)].join('');

describe('indentedJsonPieces', () => {
  it.each([
    ['a scan-like document', {
      schema_version: 1,
      input: { name: 'a.tar', size: 12, nested: { list: [1, [2, { x: 'y' }]], empty: {} } },
      components: [{ name: 'zlib', versions: ['1.2'], files: [] }, { name: 'é ü \u2028 😀', note: 'line\nbreak' }],
      infoleaks: [],
      problems: [{}],
      knowledge_base: { state: 'empty', updated: null },
    }],
    ['members with no JSON form, left out or null as JSON.stringify does', {
      gone: undefined, fn: () => 1, kept: 0, list: [undefined, () => 1, null, Symbol('s')], deep: [{ a: undefined, b: 1 }],
    }],
    ['toJSON, dates, a class instance, a sparse array', {
      when: new Date(0), custom: { toJSON: () => ({ replaced: [1, 2] }) }, instance: new URL('https://example.org/a'),
      // eslint-disable-next-line no-sparse-arrays -- a hole is what JSON.stringify writes as null
      sparse: [1, , 3], boxed: [new Number(2), new String('s')], nullProto: Object.assign(Object.create(null) as object, { k: [true] }),
    }],
    ['an empty object', {}],
    ['a top-level array', [[1, 2], { a: [3] }, 'x']],
    ['a number', 42],
    ['a string', 'x\ny'],
  ])('gives exactly JSON.stringify(value, null, 2) and a newline: %s', (_name, value) => {
    expect(joined(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('hands a long list out in pieces of about a megabyte, the same text joined', () => {
    const doc = { infoleaks: Array.from({ length: 40_000 }, (_, i) => ({ kind: 'url', value: `https://host${i}.example/${'p'.repeat(i % 50)}`, offsets: [i, i + 1] })) };
    const pieces = [...indentedJsonPieces(doc)];
    expect(pieces.join('')).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(1 << 20);
    for (const piece of pieces) expect(piece.length).toBeLessThan((1 << 20) + 4096);
  });
});
