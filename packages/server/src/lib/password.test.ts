import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password only, with parameters and salt in the hash', async () => {
    const hash = await hashPassword('hunter2');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('hunter2', hash)).toBe(true);
    expect(await verifyPassword('hunter3', hash)).toBe(false);
    expect(await hashPassword('hunter2')).not.toBe(hash);
  });

  it('rejects malformed hashes', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});
