import { describe, expect, it } from 'vitest';
import { ar } from './ar.ts';
import { buildAr } from '../../../../test/builders/ar.ts';
import { runUnpacker } from '../../../../test/unpack-harness.ts';

describe('archive/ar', () => {
  it('reads GNU short and long names', async () => {
    const out = await runUnpacker(ar, buildAr([
      { name: 'debian-binary', data: '2.0\n' },
      { name: 'a-member-with-a-long-name.o', data: 'odd' },
      { name: 'another-long-member-name.o', data: 'even' },
    ]));
    expect(out).toEqual({
      identified: true,
      members: { 'debian-binary': '2.0\n', 'a-member-with-a-long-name.o': 'odd', 'another-long-member-name.o': 'even' },
      problems: [],
    });
  });

  it('reads BSD #1/N names', async () => {
    const out = await runUnpacker(ar, buildAr([{ name: 'short.o', data: 'x' }, { name: 'a-bsd-style-long-name.o', data: 'bsd' }], 'bsd'));
    expect(out.members).toEqual({ 'short.o': 'x', 'a-bsd-style-long-name.o': 'bsd' });
  });

  it('keeps the members before a truncated one and says where', async () => {
    const bytes = buildAr([{ name: 'one', data: 'first' }, { name: 'two', data: 'x'.repeat(100) }]);
    const out = await runUnpacker(ar, bytes.subarray(0, bytes.length - 40));
    expect(out.members).toEqual({ one: 'first', two: 'x'.repeat(60) });
    expect(out.error).toBe('truncated: member two has 60 of 100 bytes');
  });

  it('rejects a header without its end marker', async () => {
    const bytes = buildAr([{ name: 'one', data: 'first' }]);
    bytes[8 + 58] = 0x41;
    expect((await runUnpacker(ar, bytes)).error).toBe('malformed: member header at 8 lacks its end marker');
  });

  it('does not identify other bytes', async () => {
    expect((await runUnpacker(ar, Buffer.from('!<thin>\nnot a regular archive'))).identified).toBe(false);
  });
});
