import { describe, expect, it } from 'vitest';
import { type JsonSplitMode, splitJson } from './json-stream.ts';

async function split(doc: string, mode: JsonSplitMode, chunkSize: number) {
  async function* chunks() {
    for (let i = 0; i < doc.length; i += chunkSize) yield doc.slice(i, i + chunkSize);
  }
  const items: [string | null, string][] = [];
  const result = await splitJson(chunks(), mode, (item) => {
    items.push([item.key, item.text]);
  });
  return { items, ...result };
}

const NVD_PAGE = '{"resultsPerPage":2,"format":"NVD_CVE","vulnerabilities":[{"cve":{"id":"CVE-2022-0778","x":"]}\\""}}, {"cve":{"id":"CVE-2023-45853"}}],"timestamp":"2024-08-01T14:00:00.000"}';

describe('splitJson', () => {
  it.each([1, 2, 7, 4096])('splits an NVD page into its records and keeps the head (chunks of %i)', async (size) => {
    expect(await split(NVD_PAGE, { kind: 'elements', arrayKeys: ['vulnerabilities'] }, size)).toEqual({
      items: [[null, '{"cve":{"id":"CVE-2022-0778","x":"]}\\""}}'], [null, '{"cve":{"id":"CVE-2023-45853"}}']],
      head: '{"resultsPerPage":2,"format":"NVD_CVE","vulnerabilities":[ ],"timestamp":"2024-08-01T14:00:00.000"}',
      found: true,
    });
  });

  it.each([1, 3, 4096])('splits a top-level array, primitives included (chunks of %i)', async (size) => {
    const { items, found } = await split('[{"id":"GO-2024-3293"},["a"], "s", 12, true]', { kind: 'elements', arrayKeys: [] }, size);
    expect([items.map(([, text]) => text), found]).toEqual([['{"id":"GO-2024-3293"}', '["a"]', '"s"', '12', 'true'], true]);
  });

  it('returns a single record whole as the head when there is no array to split', async () => {
    const doc = '{"id":"CVE-2023-45853","vulnStatus":"Modified","configurations":[{"nodes":[]}]}';
    expect(await split(doc, { kind: 'elements', arrayKeys: ['vulnerabilities'] }, 5)).toEqual({ items: [], head: doc, found: false });
  });

  it.each([1, 4, 4096])('splits the entries of a top-level object with their keys (chunks of %i)', async (size) => {
    const doc = '{"zlib": {"CVE-2023-45853": {"releases": {}}}, "a\\"b": {"x": [1, "}"]}, "n": 5}';
    expect((await split(doc, { kind: 'entries' }, size)).items).toEqual([
      ['zlib', '{"CVE-2023-45853": {"releases": {}}}'], ['a"b', '{"x": [1, "}"]}'], ['n', '5'],
    ]);
  });

  it.each([
    ['{"vulnerabilities":[{"cve":{}}', 'the JSON document is truncated'],
    ['{"a":[}', 'unbalanced brackets'],
    ['{} {}', 'unexpected text after the end of the JSON document'],
    ['', 'the JSON document is empty'],
    ['nope', 'a JSON feed starts with { or ['],
  ])('rejects %j', async (doc, message) => {
    await expect(split(doc, { kind: 'elements', arrayKeys: ['vulnerabilities'] }, 3)).rejects.toThrow(message);
  });
});
