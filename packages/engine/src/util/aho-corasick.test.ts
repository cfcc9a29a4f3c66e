import { describe, expect, it } from 'vitest';
import { AhoCorasick } from './aho-corasick.ts';

describe('AhoCorasick', () => {
  it('finds overlapping anchors across fed chunks with stream offsets', () => {
    const ac = new AhoCorasick(['he', 'she', 'hers'].map((s) => Buffer.from(s)));
    const hits: [number, number][] = [];
    ac.feed(Buffer.from('ushe'), (h) => hits.push([h.anchor, h.start]));
    ac.feed(Buffer.from('rs'), (h) => hits.push([h.anchor, h.start]));
    expect(hits).toEqual([[1, 1], [0, 2], [2, 2]]);
  });

  it('one column per distinct anchor byte plus one for every other byte', () => {
    expect(new AhoCorasick(['he', 'she', 'hers'].map((s) => Buffer.from(s))).columns).toBe(5);
  });

  // Every occurrence of every anchor, found by brute force, in random text over a small alphabet.
  const naive = (anchors: Buffer[], text: Buffer): [number, number][] => {
    const hits: [number, number][] = [];
    for (let end = 1; end <= text.length; end++) {
      anchors.forEach((a, id) => {
        if (end >= a.length && text.subarray(end - a.length, end).equals(a)) hits.push([id, end - a.length]);
      });
    }
    return hits;
  };
  const sortHits = (hits: [number, number][]) => [...hits].sort((x, y) => x[1] + x[0] * 1e-6 - (y[1] + y[0] * 1e-6));

  it('agrees with a brute-force search, fed in pieces', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const word = (alphabet: string, length: number) => Buffer.from(Array.from({ length }, () => alphabet[rnd(alphabet.length)]).join(''), 'latin1');
    for (let round = 0; round < 20; round++) {
      const anchors = Array.from({ length: 1 + rnd(30) }, () => word('abc\x00\xff', 1 + rnd(5)));
      const text = word('abcd\x00\xff', 2000);
      const ac = new AhoCorasick(anchors);
      const hits: [number, number][] = [];
      for (let at = 0; at < text.length; at += 97) ac.feed(text.subarray(at, at + 97), (h) => hits.push([h.anchor, h.start]));
      expect(sortHits(hits)).toEqual(sortHits(naive(anchors, text)));
    }
  });

  it('anchors using all 256 byte values fall back to one column per byte', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, b) => b));
    const ac = new AhoCorasick([all, Buffer.from([255, 0])]);
    expect(ac.columns).toBe(256);
    const hits: [number, number][] = [];
    ac.feed(Buffer.concat([all, all]), (h) => hits.push([h.anchor, h.start]));
    expect(hits).toEqual([[0, 0], [1, 255], [0, 256]]);
  });
});
