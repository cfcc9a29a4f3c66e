// The names the server gives missing mitigations (engine: executables/hardening.ts), in its
// order, and how each reads on screen: the executable-attributes tab, the summary, the file
// tree and the scan diff show them alike.
export const MISSING_MITIGATIONS = [
  'execstack',
  'no-pie',
  'no-relro',
  'partial-relro',
  'no-canary',
  'no-fortify',
  'no-ibt',
  'no-shstk',
  'no-bti',
  'no-pac',
  'rwx-segment',
  'textrel',
  'no-aslr',
  'no-high-entropy-va',
  'no-dep',
  'no-gs',
  'no-safeseh',
  'no-control-flow-guard',
] as const;
export type MissingMitigation = (typeof MISSING_MITIGATIONS)[number];

/** How a missing mitigation reads in the Missing column and the Missing filter. */
export const MISSING_LABELS: Record<MissingMitigation, string> = {
  execstack: 'Executable stack',
  'no-pie': 'No PIE',
  'no-relro': 'No RELRO',
  'partial-relro': 'Partial RELRO',
  'no-canary': 'No canary',
  'no-fortify': 'No FORTIFY',
  'no-ibt': 'No CET IBT',
  'no-shstk': 'No CET shadow stack',
  'no-bti': 'No BTI',
  'no-pac': 'No PAC',
  'rwx-segment': 'RWX segment',
  textrel: 'Text relocations',
  'no-aslr': 'No ASLR',
  'no-high-entropy-va': 'No high-entropy VA',
  'no-dep': 'No DEP',
  'no-gs': 'No /GS',
  'no-safeseh': 'No SafeSEH',
  'no-control-flow-guard': 'No CFG',
};

/** A missing mitigation's label; a name this page does not know reads as itself. */
export function missingLabel(code: string): string {
  return Object.hasOwn(MISSING_LABELS, code) ? MISSING_LABELS[code as MissingMitigation] : code;
}
