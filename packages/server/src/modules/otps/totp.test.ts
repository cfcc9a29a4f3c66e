import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, configUrl, matchingStep, newTotpSecret, timeStep, totpCode } from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII of "12345678901234567890"; codes are 8 digits.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('gives the SHA-1 test vector at %i s: %s', (seconds, code) => {
    expect(totpCode(RFC_SEED, timeStep(new Date(seconds * 1000)), 8)).toBe(code);
  });

  it('gives six-digit codes: the last six digits of the eight-digit ones', () => {
    expect(totpCode(RFC_SEED, timeStep(new Date(59_000)))).toBe('287082');
  });

  it('accepts the code of the step before, the current and the next, and names its step', () => {
    const secret = base32Encode(RFC_SEED);
    const at = new Date(1111111111 * 1000);
    const now = timeStep(at);
    expect(now).toBe(37037037);
    expect(matchingStep(secret, totpCode(RFC_SEED, now - 1), at)).toBe(now - 1);
    expect(matchingStep(secret, totpCode(RFC_SEED, now), at)).toBe(now);
    expect(matchingStep(secret, totpCode(RFC_SEED, now + 1), at)).toBe(now + 1);
    expect(matchingStep(secret, totpCode(RFC_SEED, now - 2), at)).toBeNull();
    expect(matchingStep(secret, totpCode(RFC_SEED, now + 2), at)).toBeNull();
  });

  it('refuses anything but six digits', () => {
    const secret = base32Encode(RFC_SEED);
    const at = new Date(59_000);
    expect(matchingStep(secret, '287082', at)).toBe(1);
    expect(matchingStep(secret, ' 287082', at)).toBeNull();
    expect(matchingStep(secret, '28708', at)).toBeNull();
    expect(matchingStep(secret, '94287082', at)).toBeNull();
  });

  it('encodes base32 as RFC 4648 without padding, and decodes it back', () => {
    expect(base32Encode(RFC_SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw6ytboi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZ1W')).toThrow('not a base32 character: 1');
  });

  it('makes 160-bit secrets (32 base32 characters) that differ', () => {
    const first = newTotpSecret();
    expect(first).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(first)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(first);
  });

  it('writes the key URI authenticator apps read', () => {
    expect(configUrl('GEZDGNBV', 'ada+2fa@example.com')).toBe('otpauth://totp/Binlens:ada%2B2fa%40example.com?secret=GEZDGNBV&issuer=Binlens');
  });
});
