// One named section of a Mach-O file (thin 32/64-bit in either byte order, or the first
// slice of a fat file that has it), found through its segment load commands
// (Apple's <mach-o/loader.h>: LC_SEGMENT / LC_SEGMENT_64 and the section headers after them).
import { fatSlices, isFat } from '../../executables/macho-fat.ts';
import type { ReadRange } from './pe-layout.ts';

const LC_SEGMENT = 0x1;
const LC_SEGMENT_64 = 0x19;
const MAX_COMMANDS_BYTES = 1024 * 1024;

export type SectionRange = { offset: number; size: number };

/** {offset, size} in the file of section `section` of segment `segment`; undefined when absent; a string when damaged. */
export async function findMachoSection(read: ReadRange, fileSize: number, segment: string, section: string): Promise<SectionRange | string | undefined> {
  const head = await read(0, 8);
  if (head.length < 8) return 'Mach-O header cut short';
  if (!isFat(head)) return findInSlice(read, 0, fileSize, segment, section);
  const slices = await fatSlices(read, head);
  if (typeof slices === 'string') return slices;
  for (const [i, { offset, size }] of slices.entries()) {
    if (offset >= fileSize) return `fat slice ${i} at ${offset} outside the file`;
    const found = await findInSlice(read, offset, Math.min(size, fileSize - offset), segment, section);
    if (found !== undefined) return found;
  }
  return undefined;
}

interface Layout {
  le: boolean;
  is64: boolean;
}

async function findInSlice(read: ReadRange, base: number, sliceSize: number, segment: string, section: string): Promise<SectionRange | string | undefined> {
  const header = await read(base, 32);
  if (header.length < 28) return 'Mach-O header cut short';
  const leMagic = header.readUInt32LE(0);
  const beMagic = header.readUInt32BE(0);
  const layout: Layout = { le: leMagic === 0xfeedface || leMagic === 0xfeedfacf, is64: leMagic === 0xfeedfacf || beMagic === 0xfeedfacf };
  if (!layout.le && beMagic !== 0xfeedface && beMagic !== 0xfeedfacf) return 'no Mach-O magic';
  const nCommands = u32(header, 16, layout);
  const commandsSize = u32(header, 20, layout);
  if (commandsSize > MAX_COMMANDS_BYTES) return `${commandsSize} bytes of load commands`;
  const commands = await read(base + (layout.is64 ? 32 : 28), commandsSize);
  if (commands.length < commandsSize) return 'load commands cut short';
  for (let at = 0, i = 0; i < nCommands && at + 8 <= commands.length; i++) {
    const cmd = u32(commands, at, layout);
    const cmdSize = u32(commands, at + 4, layout);
    if (cmdSize < 8 || at + cmdSize > commands.length) return `load command ${i} of ${cmdSize} bytes overruns the commands`;
    if (cmd === (layout.is64 ? LC_SEGMENT_64 : LC_SEGMENT)) {
      const found = sectionOfSegment(commands.subarray(at, at + cmdSize), layout, segment, section);
      if (found !== undefined) return found.offset + found.size > sliceSize ? `section ${segment},${section} outside the file` : { offset: base + found.offset, size: found.size };
    }
    at += cmdSize;
  }
  return undefined;
}

/** Section headers (80 bytes in 64-bit, 68 in 32-bit) follow the segment command (72 / 56 bytes). */
function sectionOfSegment(command: Buffer, layout: Layout, segment: string, section: string): SectionRange | undefined {
  const first = layout.is64 ? 72 : 56;
  const step = layout.is64 ? 80 : 68;
  const nSections = u32(command, layout.is64 ? 64 : 48, layout);
  for (let i = 0, at = first; i < nSections && at + step <= command.length; i++, at += step) {
    if (name16(command, at) !== section || name16(command, at + 16) !== segment) continue;
    // 64-bit: size u64 at 40, offset u32 at 48; 32-bit: size at 36, offset at 40.
    const size = layout.is64 ? Number(layout.le ? command.readBigUInt64LE(at + 40) : command.readBigUInt64BE(at + 40)) : u32(command, at + 36, layout);
    return { offset: u32(command, at + (layout.is64 ? 48 : 40), layout), size };
  }
  return undefined;
}

function u32(b: Buffer, at: number, layout: Layout): number {
  return layout.le ? b.readUInt32LE(at) : b.readUInt32BE(at);
}

/** A 16-byte NUL-padded name; sample `__DATA\0…`. */
function name16(b: Buffer, at: number): string {
  return b.toString('latin1', at, at + 16).replace(/\0.*$/s, '');
}
