import { describe, expect, it } from 'vitest';
import { KeywordSet } from './keyword-set.ts';

describe('KeywordSet', () => {
  it('flags each group one of whose keywords occurs, overlapping and nested ones too', () => {
    const set = new KeywordSet([['he'], ['she', 'xyz'], ['hers'], ['zz'], ['']]);
    expect([...set.present('ushers')]).toEqual([1, 1, 1, 0, 1]);
    expect([...set.present('')]).toEqual([0, 0, 0, 0, 1]);
  });

  it('reads code units above 127, in keywords and in the text', () => {
    const set = new KeywordSet([['é-k'], ['k']]);
    expect([...set.present('xxé-kxx')]).toEqual([1, 1]);
    expect([...set.present('xxe-Kxx')]).toEqual([0, 0]);
  });

  it('agrees with includes on random text over a small alphabet', () => {
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const word = (length: number): string => Array.from({ length }, () => 'abcé:'[random(5)]).join('');
    for (let round = 0; round < 50; round++) {
      const groups = Array.from({ length: 6 }, () => Array.from({ length: 1 + random(3) }, () => word(1 + random(4))));
      const text = word(random(200));
      const expected = groups.map((keywords) => (keywords.some((k) => text.includes(k)) ? 1 : 0));
      expect([...new KeywordSet(groups).present(text)]).toEqual(expected);
    }
  });

  it('presentGroups: the present groups in order; folding A-Z reads an ASCII text as its lower case', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const word = (alphabet: string, length: number): string => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    for (let round = 0; round < 50; round++) {
      const groups = [...Array.from({ length: 6 }, () => Array.from({ length: 1 + random(3) }, () => word('abc:', 1 + random(4)))), ['']];
      const set = new KeywordSet(groups);
      const text = word('abcABC:', random(200));
      const listed = (flags: Uint8Array): number[] => [...flags].flatMap((flag, group) => (flag === 1 ? [group] : []));
      expect(set.presentGroups(text)).toEqual(listed(set.present(text)));
      expect(set.presentGroups(text, true)).toEqual(listed(set.present(text.toLowerCase())));
      expect(set.presentGroups(text, true)).toContain(6);
      // Only the groups asked about: the always-present one too.
      const among = Uint8Array.from({ length: 7 }, (_, group) => group % 2);
      expect(set.presentGroups(text, false, among)).toEqual(listed(set.present(text)).filter((group) => group % 2 === 1));
      expect(set.presentGroups(text, true, among)).not.toContain(6);
    }
    expect(new KeywordSet([['x']]).presentGroups('no such keyword')).toEqual([]);
  });

  it('asciiOnly: with ASCII keywords, folding A-Z reads any text as its lower case', () => {
    const set = new KeywordSet([['user'], ['pass'], ['ü-x']]);
    expect(set.asciiOnly).toBe(false);
    // A keyword beyond ASCII is found as it is written; only A-Z are folded.
    expect(set.presentGroups('a PASS, then ü-x', true)).toEqual([1, 2]);
    expect(set.presentGroups('a PASS, then Ü-X', true)).toEqual([1]);
    expect(set.presentGroups('a PASS, then ü-x')).toEqual([2]);
    const ascii = new KeywordSet([['user'], ['pass'], ['token'], ['-x']]);
    expect(ascii.asciiOnly).toBe(true);
    for (const text of ['Grüße, USER Ä', 'PÄSS Pass', 'ÜBER-X TOKEN', 'Ωmega tokeN', 'Straße']) {
      expect(ascii.presentGroups(text, true)).toEqual(ascii.presentGroups(text.toLowerCase()));
    }
    expect(ascii.presentGroups('Grüße, USER Ä', true)).toEqual([0]);
  });
});
