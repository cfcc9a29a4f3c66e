// ELF notes: GNU build id (NT_GNU_BUILD_ID) and GNU properties (NT_GNU_PROPERTY_TYPE_0),
// which carry x86 CET feature bits (IBT, SHSTK) and AArch64 BTI/PAC bits as the linker ANDs
// them over all inputs.
import { fields } from './elf-fields.ts';

const NT_GNU_BUILD_ID = 3;
const NT_GNU_PROPERTY_TYPE_0 = 5;
const GNU_PROPERTY_X86_FEATURE_1_AND = 0xc0000002;
const X86_FEATURE_1_IBT = 1;
const X86_FEATURE_1_SHSTK = 2;
const GNU_PROPERTY_AARCH64_FEATURE_1_AND = 0xc0000000;
const AARCH64_FEATURE_1_BTI = 1;
const AARCH64_FEATURE_1_PAC = 2;

export interface NoteFacts {
  buildId?: string;
  /** The X86_FEATURE_1_AND bits, when the note is present. */
  x86Features?: number;
  /** The AARCH64_FEATURE_1_AND bits, when the note is present. */
  aarch64Features?: number;
}

/** Walks one note area (a PT_NOTE segment or SHT_NOTE section) and merges what it finds. */
export function parseNotes(buf: Buffer, little: boolean, bits: 32 | 64, into: NoteFacts): void {
  const f = fields(buf, little, bits);
  const align = (n: number, a: number): number => (n + a - 1) & ~(a - 1);
  let pos = 0;
  while (pos + 12 <= buf.length) {
    const namesz = f.u32(pos);
    const descsz = f.u32(pos + 4);
    const type = f.u32(pos + 8);
    const nameStart = pos + 12;
    const descStart = nameStart + align(namesz, 4);
    // Property notes are 8-aligned on 64-bit; other notes 4-aligned (gABI).
    const descEnd = descStart + descsz;
    if (namesz > 256 || descEnd > buf.length) return;
    const name = buf.toString('latin1', nameStart, nameStart + Math.max(0, namesz - 1));
    if (name === 'GNU') {
      const desc = buf.subarray(descStart, descEnd);
      if (type === NT_GNU_BUILD_ID && desc.length > 0) into.buildId = desc.toString('hex');
      else if (type === NT_GNU_PROPERTY_TYPE_0) parseProperties(desc, little, bits, into);
    }
    pos = align(descEnd, 4);
  }
}

function parseProperties(desc: Buffer, little: boolean, bits: 32 | 64, into: NoteFacts): void {
  const f = fields(desc, little, bits);
  const step = bits === 64 ? 8 : 4;
  let pos = 0;
  while (pos + 8 <= desc.length) {
    const type = f.u32(pos);
    const size = f.u32(pos + 4);
    if (pos + 8 + size > desc.length) return;
    if (type === GNU_PROPERTY_X86_FEATURE_1_AND && size >= 4) into.x86Features = f.u32(pos + 8);
    if (type === GNU_PROPERTY_AARCH64_FEATURE_1_AND && size >= 4) into.aarch64Features = f.u32(pos + 8);
    pos += 8 + ((size + step - 1) & ~(step - 1));
  }
}

export function cetBits(features: number | undefined): { cetIbt: boolean; cetShstk: boolean } {
  const bitsOn = features ?? 0;
  return { cetIbt: (bitsOn & X86_FEATURE_1_IBT) !== 0, cetShstk: (bitsOn & X86_FEATURE_1_SHSTK) !== 0 };
}

/** AArch64 branch target identification and pointer authentication (return addresses signed). */
export function aarch64Bits(features: number | undefined): { bti: boolean; pac: boolean } {
  const bitsOn = features ?? 0;
  return { bti: (bitsOn & AARCH64_FEATURE_1_BTI) !== 0, pac: (bitsOn & AARCH64_FEATURE_1_PAC) !== 0 };
}
