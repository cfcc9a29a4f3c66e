// cpio in its four variants, made by GNU cpio on the same tree:
// d/a.txt ("hello cpio\n"), d/link -> a.txt, d/hard (hard link of a.txt);
// `find d | sort | cpio -o -H FMT | gzip -9n | base64 -w0`.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cpio } from './cpio.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';
import { fuzzUnpacker } from '../../../../test/fuzz.ts';

const sample = (s: string): Buffer => gunzipSync(Buffer.from(s, 'base64'));
const SAMPLES = {
  newc: sample('H4sIAAAAAAACAzMwNzA3MDRAAiaGri4G2IGRmampsZuhAanACMZIYTBAtg9MWxg6mlDZPgu4ffqJeiUVJQwMlNnrRKS95gh7MxKLUoDWMmSk5uTkKyQXZOZzoboBHCaOhm5uOMwyRHODKeluyMnMywa5AWsYEAKkhzpaWIUEOXr6uAYpKioyjIJBCwDrQjgMAAQAAA=='),
  crc: sample('H4sIAAAAAAACAzMwNzA3MDJAAiaGri4G2IGRmampsZuhAakAbn4KgwGyfWCTLAwdTahsnwXcPv1EvZKKEgYGyux1ItJeczBp7GqZop+RWJQCtJYhIzUnJ18huSAznwvVDWDa0dDNDYdZhmhuMCXJDWC/52TmZYPcgDUMCAHSQx0trEKCHD19XIMUFRUZRsGgBQCAxss5AAQAAA=='),
  odc: sample('H4sIAAAAAAACAzMwNwBBZGBiYG5qaoAOjCCUoYmpkYm5OVARijAYpDAYoJtmaGhgYGZiQqRphkgajVP0E/VKKkoYMlJzcvIVkgsy87koNB5JK8j4jMSiFLymGxkaGZibm2OYbkjIdAPTFP2czLxsBrAPDDCDGDswxC5qjMQJCXL09HENUlRUZKAOAADz0XucAAIAAA=='),
  bin: sample('H4sIAAAAAAACAzteyAAEbx1BJBMQB6cyfATRDAwpDMeBcowMSxqR5TiANDdDin6iXklFCUNGak5OvkJyQWY+F1bV7FDVGYlFKQwYqpkY/i8EqWZEUs0KVJ2TmZfNwACx4TjYfRDACKW5wWRIkKOnj2uQoqIiwyggGwAAgaQrJgACAAA='),
};

describe('archive/cpio', () => {
  it('newc and crc: hard links share the data stored on the last name', async () => {
    for (const bytes of [SAMPLES.newc, SAMPLES.crc]) {
      expect(await runUnpacker(cpio, bytes)).toEqual({
        identified: true,
        members: { 'd/a.txt': '-> d/hard', 'd/hard': 'hello cpio\n', 'd/link': '-> a.txt' },
        problems: [],
      });
    }
  });

  it('odc and old binary: every link carries its data', async () => {
    for (const bytes of [SAMPLES.odc, SAMPLES.bin]) {
      expect(await runUnpacker(cpio, bytes)).toEqual({
        identified: true,
        members: { 'd/a.txt': 'hello cpio\n', 'd/hard': 'hello cpio\n', 'd/link': '-> a.txt' },
        problems: [],
      });
    }
  });

  it('a truncated archive keeps its complete members and says truncated', async () => {
    const out = await runUnpacker(cpio, SAMPLES.odc.subarray(0, 300));
    expect(out.members['d/a.txt']).toBe('hello cpio\n');
    expect(out.error).toMatch(/^truncated: /);
  });

  it('an entry named ../x is refused', async () => {
    const evil = Buffer.from(SAMPLES.odc);
    const at = evil.indexOf('d/a.txt');
    evil.write('../a.tx', at, 'latin1');
    const out = await runUnpacker(cpio, evil);
    expect(out.problems.map((p) => p.code)).toContain('unsafe-path');
    expect(Object.keys(out.members).some((m) => m.includes('..'))).toBe(false);
  });

  it('fuzzed input never throws or escapes', async () => {
    await fuzzUnpacker(cpio, [SAMPLES.newc, SAMPLES.odc, SAMPLES.bin], 100, 6);
  });
});
