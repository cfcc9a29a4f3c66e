import { describe, expect, it } from 'vitest';
import { contentDisposition } from './attachment.ts';

describe('attachment names', () => {
  it('quotes an ASCII form and gives the whole name in RFC 8187 form', () => {
    expect(contentDisposition('fw "é".bin')).toBe(`attachment; filename="fw ___.bin"; filename*=UTF-8''fw%20%22%C3%A9%22.bin`);
    expect(contentDisposition('a\\b.cdx.json')).toBe(`attachment; filename="a_b.cdx.json"; filename*=UTF-8''a%5Cb.cdx.json`);
  });
});
