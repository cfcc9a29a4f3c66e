import { describe, expect, it } from 'vitest';
import { isDroppedLink } from './seven-zip.ts';

describe('7-Zip messages', () => {
  // As 7-Zip 24.09 (7z-wasm) prints them extracting a SquashFS (mksquashfs 4.5.1) holding
  // `usr/bin/x -> /etc/alternatives/x`, `usr/lib/e -> ../../../escape` and `usr/lib/z -> ../../etc/foo`
  // (inside the tree, yet refused: it climbs to the root first).
  it('a dropped link is a warning, whichever of its two messages', () => {
    expect(isDroppedLink('ERROR: Dangerous link path was ignored : usr/bin/x : /etc/alternatives/x')).toBe(true);
    expect(isDroppedLink('ERROR: Dangerous link path was ignored : usr/lib/e : ../../../escape')).toBe(true);
    expect(isDroppedLink('ERROR: Dangerous symbolic link path was ignored : usr/lib/z : ../../etc/foo')).toBe(true);
  });

  it('any other error is not', () => {
    expect(isDroppedLink('ERROR: Data Error : usr/lib/libc.so.6')).toBe(false);
    expect(isDroppedLink('ERROR: Unexpected end of archive')).toBe(false);
  });
});
