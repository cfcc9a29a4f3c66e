export const scanDiffKeys = {
  all: ['scan-diff'] as const,
  diff: (base: number, target: number) => [...scanDiffKeys.all, 'diff', base, target] as const,
  scan: (id: number) => [...scanDiffKeys.all, 'scan', id] as const,
  candidates: (group: number | null) => [...scanDiffKeys.all, 'candidates', group] as const,
};
