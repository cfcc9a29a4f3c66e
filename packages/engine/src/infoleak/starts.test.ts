// A detector's `starts` must name every position where its pattern matches: the scan then
// finds exactly what the pattern's own search finds, only sooner.
import { describe, expect, it } from 'vitest';
import { rng } from '../../test/mutations.ts';
import { DETECTORS } from './registry.ts';
import { scanBytes } from './scan-text.ts';
import { asciiClass, isAlphanumeric, isHexDigit, reachBackStarts, runStarts, shiftedStarts } from './starts.ts';
import type { InfoleakDetector } from './types.ts';

const WITH_STARTS = DETECTORS.filter((d) => d.starts !== undefined);

/** Pieces the patterns care about, glued at random: hex, separators, labels, base64 runs, the detectors' own samples. */
function texts(detector: InfoleakDetector, count: number, seed: number): string[] {
  const next = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[next() % list.length] as T;
  const run = (alphabet: string, length: number): string => Array.from({ length }, () => alphabet[next() % alphabet.length]).join('');
  const samples = [...detector.samples.positive, ...detector.samples.negative];
  const parts: (() => string)[] = [
    () => pick(samples),
    () => run('0123456789abcdefABCDEF', 1 + (next() % 6)),
    () => run('0123456789', 1 + (next() % 4)),
    () => run('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 60 + (next() % 8)),
    () => run(':-.', 1),
    () => run('0123456789abcdefABCDEFghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ+/', 30 + (next() % 30)),
    () => pick(['pass', 'Password', 'pwd', '<password>', 'cohere', 'CO_API_KEY', 'mistral', 'MISTRAL_API_KEY', '-us', 'secret', 'AKIA', 'user@', '@', 'x.y', 'db_', 'JQQJ', 'AZDO', 'quay', 'robot+x', '.']),
    () => pick([' ', '\t', '\n', '\r\n', '\r', '=', ': ', '"', "'", '=>', '<', '>', '_', '%', '+', ',', ';']),
  ];
  return Array.from({ length: count }, () => {
    let text = '';
    while (text.length < 2048) text += pick(parts)();
    return text;
  });
}

describe('starts', () => {
  it('runStarts: where each run of the class at least `min` long begins', () => {
    const alnum = asciiClass(isAlphanumeric);
    expect(runStarts('ab cdef ghij-klmno', alnum, 4)).toEqual([3, 8, 13]);
    expect(runStarts('abcd', alnum, 4)).toEqual([0]);
    expect(runStarts('abc', alnum, 4)).toEqual([]);
    expect(runStarts('x'.repeat(9) + ' ' + 'y'.repeat(3) + ' ' + 'z'.repeat(5), alnum, 5)).toEqual([0, 14]);
  });

  it('shiftedStarts and reachBackStarts: the anchors moved back, or every reachable position before them', () => {
    expect(shiftedStarts('a-us b-us', /-(?=us)/g, 1)).toEqual([0, 5]);
    expect(reachBackStarts('zz ab12:', /:/g, 3, isHexDigit)).toEqual([4, 5, 6, 7]);
    expect(reachBackStarts(':x', /:/g, 3, isHexDigit)).toEqual([0]);
  });

  it('the detectors with starts are the slow ones', () => {
    expect(WITH_STARTS.map((d) => d.name)).toEqual([
      'aws-secret-key',
      'azure-devops-pat',
      'cohere-key',
      'config-password',
      'email',
      'ipv4',
      'ipv6',
      'mac-address',
      'mailchimp-key',
      'mistral-key',
      'quay-robot-token',
    ]);
  });

  // Led by a run of a class (`\b[\w.-]{0,20}mistral`), a pattern is tried from every character
  // of a text holding its keyword, and reads up to the run's length from each: on a 16 MiB
  // package index naming Mistral, seconds.
  it("email: only an @ that the pattern's domain follows is reached back from", () => {
    const email = DETECTORS.find((d) => d.name === 'email');
    expect(email?.starts?.(' _ZNKSt5ctypeIcE8do_widenEc@GLIBCXX_3.4 4.1.1')).toEqual([]);
    expect(email?.starts?.('to jane.roe@corp-mail.net')).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('a pattern led by a bounded run of a class has starts', () => {
    const ledByRun = /^(?:\\b)?(?:\(\?:)?\[[^\]]*\]\{0,\d+\}/;
    expect(DETECTORS.filter((d) => ledByRun.test(d.pattern.source) && d.starts === undefined).map((d) => d.name)).toEqual([]);
  });

  it.each(WITH_STARTS.map((d) => [d.name, d] as const))('%s: every position where the pattern matches is a start', (_name, detector) => {
    const pattern = detector.pattern as RegExp;
    const sticky = new RegExp(pattern.source, `${pattern.flags}y`);
    let matched = 0;
    for (const text of texts(detector, 12, 0x5eed ^ detector.name.length)) {
      const starts = new Set(detector.starts?.(text));
      for (let at = 0; at <= text.length; at++) {
        sticky.lastIndex = at;
        if (sticky.exec(text) === null) continue;
        matched++;
        expect(starts.has(at), `${detector.name} matches at ${at}: ${JSON.stringify(text.slice(at, at + 60))}`).toBe(true);
      }
    }
    expect(matched).toBeGreaterThan(0);
  });

  it.each(WITH_STARTS.map((d) => [d.name, d] as const))('%s: the same findings with and without starts, in text and in binaries', (name, detector) => {
    const without: InfoleakDetector = { ...detector };
    delete without.starts;
    let found = 0;
    for (const text of texts(detector, 8, 0xb1a5 ^ name.length)) {
      // A binary: the text as strings between NULs, one of them long enough for starts to be used.
      for (const bytes of [Buffer.from(text), Buffer.concat([Buffer.from('\0\0'), Buffer.from(text), Buffer.from('\0x\0'), Buffer.from(text.slice(0, 40))])]) {
        for (const decoys of [true, false]) {
          const fast = scanBytes(bytes, ['f'], [detector], { decoys });
          expect(fast).toEqual(scanBytes(bytes, ['f'], [without], { decoys }));
          found += fast.length;
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });
});
