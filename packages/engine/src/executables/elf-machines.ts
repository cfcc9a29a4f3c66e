// e_machine values (gABI + binutils' elf/common.h) → the names readelf uses, shortened.
const MACHINES: Record<number, string> = {
  2: 'sparc',
  3: 'x86',
  4: 'm68k',
  8: 'mips',
  10: 'mips-rs3-le',
  15: 'parisc',
  18: 'sparc32plus',
  20: 'powerpc',
  21: 'powerpc64',
  22: 's390',
  40: 'arm',
  42: 'superh',
  43: 'sparcv9',
  50: 'ia64',
  62: 'x86-64',
  83: 'avr',
  92: 'openrisc',
  94: 'xtensa',
  105: 'msp430',
  106: 'blackfin',
  164: 'hexagon',
  183: 'aarch64',
  189: 'microblaze',
  243: 'riscv',
  247: 'bpf',
  252: 'csky',
  258: 'loongarch',
};

export function machineName(eMachine: number): string {
  return MACHINES[eMachine] ?? `unknown(${eMachine})`;
}
