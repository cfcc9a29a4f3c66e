import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { fullLicenseText, matchFullText, normalisedWordKeys, normaliseWords, withoutCopyrightLines, wordKey } from './full-text.ts';

const match = (text: string) => matchFullText(normaliseWords(withoutCopyrightLines(text)));

describe('normaliseWords', () => {
  // The normalisation as a chain of regular expressions, which the one-pass scanner replaces.
  const byRegex = (text: string) =>
    text
      .toLowerCase()
      .replace(/^[ \t]*(?:#+|\/\/+|\/\*+|\*+\/?|;+|--|dnl\b|rem\b)/gm, ' ')
      .replace(/&/g, ' and ')
      .split(/[^a-z0-9]+/)
      .filter(Boolean);

  it('lower-cases, reads & as "and", drops a dnl/rem leader opening a line only', () => {
    expect(normaliseWords('Copyright (C) 2024 Foo & Bar')).toEqual(['copyright', 'c', '2024', 'foo', 'and', 'bar']);
    expect(normaliseWords('dnl This file\n  REM is free\n\tdnl_x rem\nremark #dnl -- rem')).toEqual(['this', 'file', 'is', 'free', 'dnl', 'x', 'rem', 'remark', 'dnl', 'rem']);
    // İ lower-cases to "i" and a combining dot, the Kelvin sign to "k"; U+2028 ends a line.
    expect(normaliseWords('İSC \u212Aelvin\u2028rem über')).toEqual(['i', 'sc', 'kelvin', 'ber']);
  });

  it.each([
    ['comment leaders', '/* dnl a\n * rem b\n// c\n;; d\n-- e\n# rem f\n   rem\n\rdnl'],
    ['word boundaries', 'rem-x\ndnl.y\nrem9\ndnl\u00e9\nrem_\n&rem\n a&&b'],
    ['line terminators', 'a\r\nrem b\u2029dnl c\u0085rem d\vrem e'],
    ['the GPL in a comment box', fullLicenseText('GPL-3.0-only').replace(/^/gm, ' * ')],
  ])('gives the same words as the regular expressions: %s', (_, text) => {
    expect(normaliseWords(text)).toEqual(byRegex(text));
    expect([...normalisedWordKeys(text)]).toEqual(normaliseWords(text).map(wordKey));
  });

  it('normalisedWordKeys: the keys of the words, for every text of the SPDX licence list', () => {
    const list = createRequire(import.meta.url)('spdx-license-list/full.js') as Record<string, { licenseText?: string }>;
    let words = 0;
    for (const { licenseText = '' } of Object.values(list)) {
      const expected = normaliseWords(licenseText).map(wordKey);
      expect([...normalisedWordKeys(licenseText)]).toEqual(expected);
      words += expected.length;
    }
    expect(words).toBeGreaterThan(500_000);
  });

  it('wordKey: FNV-1a of the code units, as 31 bits', () => {
    expect([wordKey(''), wordKey('a'), wordKey('and')]).toEqual([0x811c9dc5 >>> 1, 0xe40c292c >>> 1, 0x0f29c2a6 >>> 1]);
  });
});

describe('matchFullText', () => {
  it('answers the best licence of two in one text, and a text missing a clause with the licence that lacks it', () => {
    expect(match(`${fullLicenseText('MIT')}\n\n${fullLicenseText('Apache-2.0')}`)).toEqual({ id: 'MIT', score: 1 });
    expect(match(fullLicenseText('MIT').replace(/The above copyright notice[^.]*\./, ''))).toEqual({ id: 'MIT-0', score: 0.96 });
    expect(match(fullLicenseText('Zlib').replace(/altered/g, 'changed'))).toEqual({ id: 'Zlib', score: 0.98 });
  });

  it('is nothing for a text too short to hold any licence, or holding too little of one', () => {
    const mit = fullLicenseText('MIT');
    expect(match(mit.slice(0, Math.floor(mit.length * 0.6)))).toBeUndefined();
    expect(matchFullText(normaliseWords(mit.slice(0, Math.floor(mit.length * 0.6))), 0.5)).toBeUndefined();
    expect(matchFullText(normaliseWords('one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'))).toBeUndefined();
  });

  it('takes a lower threshold', () => {
    const edited = normaliseWords(withoutCopyrightLines(fullLicenseText('MIT').replace(/ (and|or|of) /g, ' x ')));
    expect(matchFullText(edited)).toBeUndefined();
    expect(matchFullText(edited, 0.8)).toEqual({ id: 'MIT', score: 0.87 });
  });
});
