// Every unpacker, sorted by name. Adding a format = one file under formats/ + one line here.
// Detection tries them in this order; their magic bytes do not overlap.
import type { Unpacker } from './types.ts';
import { ar } from './formats/archive/ar.ts';
import { tar } from './formats/archive/tar.ts';
import { zip } from './formats/archive/zip.ts';
import { gzip } from './formats/compress/gzip.ts';
import { xz } from './formats/compress/xz.ts';
import { zstd } from './formats/compress/zstd.ts';

export const UNPACKERS: readonly Unpacker[] = [ar, tar, zip, gzip, xz, zstd];
