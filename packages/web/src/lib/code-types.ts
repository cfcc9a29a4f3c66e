// Spec §9 component code types, in words, as the engine's catalogers use them.
export const CODE_TYPES = ['GO', 'NA', 'MA', 'JA', 'MS', 'DP', 'RB', 'PY', 'JS', 'CP'] as const;
export type CodeType = (typeof CODE_TYPES)[number];

export const CODE_TYPE_LABELS: Readonly<Record<CodeType, string>> = {
  GO: 'Go',
  NA: 'Native',
  MA: 'Apple (macOS, iOS)',
  JA: 'Java',
  MS: '.NET',
  DP: 'Distribution package',
  RB: 'Ruby',
  PY: 'Python',
  JS: 'JavaScript',
  CP: 'PHP (Composer)',
};

/** A code type in words; a code this list does not know reads as itself. */
export function codeTypeLabel(code: string): string {
  return Object.hasOwn(CODE_TYPE_LABELS, code) ? CODE_TYPE_LABELS[code as CodeType] : code;
}
