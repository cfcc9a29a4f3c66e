// What the carver needs of a format: its magic, and `identify` giving the payload's real
// extent. Unpackers are carvable; so are images, which are carved out of blobs but
// unpacked by nobody.
import type { Unpacker } from '../../unpack/types.ts';

export type Carvable = Pick<Unpacker, 'name' | 'magic' | 'identify' | 'measure'>;
