// Unix ar archives: static libraries and Debian packages (a .deb is an ar of
// debian-binary, control.tar.*, data.tar.*). GNU (`/`, `//`, `/123`) and BSD
// (`#1/20`) long-name schemes are read; symbol tables are skipped.
import type { ExtractContext, Unpacker } from '../../types.ts';
import { FormatError } from '../../types.ts';
import { memberLocation } from '../../safe-fs.ts';

const GLOBAL_MAGIC = '!<arch>\n';
const HEADER_SIZE = 60;
/** GNU long-name tables are small; a huge one is an attack, not an archive. */
const MAX_NAME_TABLE = 4 * 1024 * 1024;

export const ar: Unpacker = {
  name: 'archive/ar',
  version: 1,
  async identify(head, reader) {
    if (head.toString('latin1', 0, 8) !== GLOBAL_MAGIC) return null;
    return { start: 0, end: reader.size };
  },
  extract,
};

interface MemberHeader {
  rawName: string;
  size: number;
}

async function extract(ctx: ExtractContext): Promise<void> {
  const { reader, chunk, sink, signal } = ctx;
  let longNames: Buffer | undefined;
  let pos = chunk.start + 8;
  while (pos < chunk.end && !sink.stopped) {
    signal.throwIfAborted();
    const raw = await reader.read(pos, HEADER_SIZE);
    // Archives may end with a padding newline.
    if (raw.length === 1 && raw[0] === 0x0a) break;
    if (raw.length < HEADER_SIZE) throw new FormatError('truncated', `member header at ${pos} cut short`, ctx.location);
    const header = parseHeader(raw, pos, ctx.location);
    let dataStart = pos + HEADER_SIZE;
    let dataSize = header.size;
    const next = dataStart + header.size + (header.size % 2);
    let name: string | undefined;

    if (header.rawName === '/' || header.rawName === '/SYM64/' || header.rawName.startsWith('__.SYMDEF')) {
      name = undefined; // symbol index of a static library: nothing to extract
    } else if (header.rawName === '//') {
      if (header.size > MAX_NAME_TABLE) throw new FormatError('malformed', `long-name table of ${header.size} bytes`, ctx.location);
      longNames = await reader.read(dataStart, header.size);
    } else if (/^\/\d+$/.test(header.rawName)) {
      // GNU long name, sample `/18`: offset into the `//` table, ended by `/\n`.
      name = gnuLongName(longNames, Number(header.rawName.slice(1)), ctx.location);
    } else if (/^#1\/\d+$/.test(header.rawName)) {
      // BSD long name, sample `#1/20`: the name is the first 20 bytes of the data.
      const nameLength = Number(header.rawName.slice(3));
      if (nameLength > header.size || nameLength > 4096) throw new FormatError('malformed', `BSD name length ${nameLength}`, ctx.location);
      name = (await reader.read(dataStart, nameLength)).toString('utf8').replace(/\0+$/, '');
      dataStart += nameLength;
      dataSize -= nameLength;
    } else {
      // GNU ends short names with `/` (`debian-binary/`); BSD and dpkg do not (`debian-binary`).
      name = header.rawName.endsWith('/') ? header.rawName.slice(0, -1) : header.rawName;
    }

    if (name !== undefined) {
      const available = Math.min(dataStart + dataSize, chunk.end) - dataStart;
      await sink.file(name, () => reader.stream(dataStart, dataStart + available), {}, signal);
      if (available < dataSize) {
        throw new FormatError('truncated', `member ${name} has ${available} of ${dataSize} bytes`, memberLocation(ctx.location, name));
      }
    }
    pos = next;
  }
}

function parseHeader(raw: Buffer, pos: number, location: string[]): MemberHeader {
  if (raw[58] !== 0x60 || raw[59] !== 0x0a) {
    throw new FormatError('malformed', `member header at ${pos} lacks its end marker`, location);
  }
  const sizeText = raw.toString('latin1', 48, 58).trim();
  // Size is decimal ASCII, sample `1234      `.
  if (!/^\d+$/.test(sizeText)) throw new FormatError('malformed', `member size "${sizeText}" at ${pos}`, location);
  return { rawName: raw.toString('utf8', 0, 16).trimEnd(), size: Number(sizeText) };
}

function gnuLongName(table: Buffer | undefined, offset: number, location: string[]): string {
  if (!table || offset >= table.length) {
    throw new FormatError('malformed', `long name offset ${offset} outside the name table`, location);
  }
  let end = table.indexOf('/\n', offset, 'latin1');
  if (end < 0) end = table.indexOf('\n', offset, 'latin1');
  if (end < 0) end = table.length;
  return table.toString('utf8', offset, end);
}
