// One named section of an ELF file, found through the section header table with the
// executables reader's own section parser (executables/elf-sections.ts).
import { type ElfIdent, readSections } from '../../executables/elf-sections.ts';
import { fields } from '../../executables/elf-fields.ts';
import type { Reader } from '../../util/reader.ts';
import type { CatalogFile } from '../types.ts';

/** {offset, size} of the section named `name`; undefined when absent; a string when the headers are damaged. */
export async function findElfSection(file: CatalogFile, name: string): Promise<{ offset: number; size: number } | string | undefined> {
  const head = await file.readRange(0, 64);
  if (head.length < 52 || head.readUInt32BE(0) !== 0x7f454c46) return 'not an ELF file';
  const bits = head[4] === 2 ? 64 : 32;
  const id: ElfIdent = { little: head[5] !== 2, bits };
  if (head.length < (bits === 64 ? 64 : 52)) return 'ELF header cut short';
  const f = fields(head, id.little, bits);
  const shoff = bits === 64 ? f.addr(40) : f.addr(32);
  const at = bits === 64 ? 58 : 46;
  const sections = await readSections(asReader(file), id, shoff, f.u16(at), f.u16(at + 2), f.u16(at + 4));
  const section = sections.sections.find((s) => s.name === name);
  if (section) return { offset: section.offset, size: section.size };
  return sections.problem;
}

/** The seek-only part of a Reader over a cataloged file (streams are not needed here). */
function asReader(file: CatalogFile): Reader {
  return {
    path: file.path.join('/'),
    size: file.size,
    read: (offset, length) => file.readRange(offset, length),
    stream: () => {
      throw new Error('findElfSection reads windows only');
    },
    close: async () => undefined,
  };
}
