// Image formats the carver cuts out of blobs, sorted by name. Adding one = one file here + one line.
import type { Carvable } from './carvable.ts';
import { gif } from './gif.ts';
import { jpeg } from './jpeg.ts';
import { png } from './png.ts';

export const IMAGE_FORMATS: readonly Carvable[] = [gif, jpeg, png];
