import { describe, expect, it } from 'vitest';
import { indentedJsonChunks } from './json-chunks.ts';

const joined = (value: unknown): string => Buffer.concat([...indentedJsonChunks(value)]).toString('utf8');

describe('indentedJsonChunks', () => {
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

  it('hands a long list out in chunks of about a megabyte, the same bytes joined', () => {
    const doc = { infoleaks: Array.from({ length: 40_000 }, (_, i) => ({ kind: 'url', value: `https://host${i}.example/${'p'.repeat(i % 50)}`, context: 'é ✓ 😀', offsets: [i, i + 1] })) };
    const chunks = [...indentedJsonChunks(doc)];
    expect(Buffer.concat(chunks).equals(Buffer.from(`${JSON.stringify(doc, null, 2)}\n`))).toBe(true);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThan((1 << 20) - 4096);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(1 << 20);
  });

  it('a piece larger than a chunk goes out whole, between the chunks', () => {
    const doc = { big: 'x'.repeat(3 << 20), after: [1] };
    const chunks = [...indentedJsonChunks(doc)];
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    expect(chunks.map((c) => c.length > 1 << 20)).toEqual([false, true, false]);
  });
});
