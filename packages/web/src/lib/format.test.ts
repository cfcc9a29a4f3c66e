import { describe, expect, it } from 'vitest';
import { displayPath, displayText, formatBytes, formatCount, formatDate, formatDateTime, formatDuration, formatNumber, formatPercent, formatProgress, truncate } from './format.ts';

describe('formatNumber', () => {
  it.each([
    [0, 0, '0'],
    [999, 0, '999'],
    [1000, 0, '1 000'],
    [1234567, 0, '1 234 567'],
    [-1234567, 0, '-1 234 567'],
    [1234.5678, 2, '1 234.57'],
    [-0.001, 0, '0'],
    [Number.NaN, 0, '-'],
  ])('%s with %s decimals → %s', (value, decimals, expected) => {
    expect(formatNumber(value, decimals)).toBe(expected);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.00 kB'],
    [1500, '1.50 kB'],
    [999_994, '999.99 kB'],
    [999_995, '1.00 MB'],
    [1e9, '1.00 GB'],
    [123_456_789_012, '123.46 GB'],
    [1e12, '1.00 TB'],
    [1e15, '1.00 PB'],
    [1e18, '1.00 EB'],
    [1e21, '1.00 ZB'],
    [1e24, '1.00 YB'],
    [5e27, '5 000.00 YB'],
    [-1, '-'],
  ])('%s → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1000, '1.0 s'],
    [12_449, '12.4 s'],
    [59_949, '59.9 s'],
    [60_000, '1 min'],
    [200_000, '3 min 20 s'],
    [1_800_000, '30 min'],
    [3_600_000, '1 h'],
    [3_900_000, '1 h 5 min'],
    [360_000_000, '100 h'],
    [-1, '-'],
    [Number.NaN, '-'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('formatPercent', () => {
  it.each([
    [0, undefined, '0%'],
    [0.456, undefined, '46%'],
    [0.4567, 1, '45.7%'],
    [1, undefined, '100%'],
    [12.5, undefined, '1 250%'],
  ])('%s (%s decimals) → %s', (ratio, decimals, expected) => {
    expect(formatPercent(ratio, decimals)).toBe(expected);
  });
});

describe('formatProgress', () => {
  it.each([
    [0, 0, '0%'],
    [1, 3, '33%'],
    [3, 3, '100%'],
    [5, 3, '100%'],
  ])('%s of %s → %s', (done, total, expected) => {
    expect(formatProgress(done, total)).toBe(expected);
  });
});

describe('truncate', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly10!', 10, 'exactly10!'],
    ['firmware-image.bin', 10, 'firmware-…'],
    ['abc', 1, '…'],
    ['abc', 0, ''],
  ])('%s to %s → %s', (text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2026-03-04T05:06:07Z', '2026-03-04 05:06 UTC'],
    ['2026-12-31T23:59:59.999Z', '2026-12-31 23:59 UTC'],
    [null, '-'],
    ['not a date', '-'],
  ])('%s → %s', (iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
  });
});

describe('displayText', () => {
  it.each([
    ['plain text, kept', 'plain text, kept'],
    ['C:\\Program Files\\app.exe', 'C:\\Program Files\\app.exe'],
    ['a\0b', 'a\\0b'],
    ['line\nbreak\ttab\rreturn', 'line\\nbreak\\ttab\\rreturn'],
    ['\u001b[31mred', '\\e[31mred'],
    ['\u0001\u007f\u0085\u00a0', '\\x01\\x7f\\x85\u00a0'],
    ['invoice\u202egpj.exe', 'invoice\\u{202e}gpj.exe'],
    ['zero\u200bwidth\ufeff', 'zero\\u{200b}width\\u{feff}'],
    ['lone \ud800 high', 'lone \\u{d800} high'],
    ['lone \udc00 low', 'lone \\u{dc00} low'],
    ['pair \ud83d\ude00 kept', 'pair \ud83d\ude00 kept'],
    ['ÿÿ9.1', 'ÿÿ9.1'],
  ])('%j → %j', (text, expected) => {
    expect(displayText(text)).toBe(expected);
  });

  it('leaves no character that is invisible or breaks a line, for any string', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 500; n += 1) {
      const text = Array.from({ length: 30 }, () => String.fromCharCode(Math.floor(next() * 0x10000))).join('');
      // eslint-disable-next-line no-control-regex -- what must never be left
      expect(displayText(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });
});

describe('displayPath', () => {
  it('joins the escaped elements of an extended path', () => {
    expect(displayPath(['fw.bin', 'rootfs\n', 'etc/passwd'])).toBe('fw.bin / rootfs\\n / etc/passwd');
  });
});

describe('formatDate', () => {
  it.each([
    ['2025-02-03', '2025-02-03'],
    ['2021-02-15T13:15:12.560', '2021-02-15'],
    ['2021-02-15T23:59:59.999', '2021-02-15'],
    ['2026-09-29T12:00:22Z', '2026-09-29'],
    ['2026-09-29T23:30:00-02:00', '2026-09-30'],
    [null, '-'],
    ['', '-'],
    ['not a date', '-'],
  ])('%s → %s', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });
});

describe('formatCount', () => {
  it.each([
    [0, 'component', undefined, '0 components'],
    [1, 'component', undefined, '1 component'],
    [2000, 'component', undefined, '2 000 components'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
  ])('%d %s → %s', (count, singular, plural, expected) => {
    expect(formatCount(count, singular, plural)).toBe(expected);
  });
});
