// `--time-limit SECONDS` of `binlens scan` and `binlens unpack`: the engine's per-scan
// time limit (Limits.timeMs). Past it the command still prints what was done, with a
// `time-limit-exceeded` problem.

export const TIME_LIMIT_OPTION = { 'time-limit': { type: 'string' } } as const;

export const TIME_LIMIT_HELP = '  --time-limit SECONDS  stop taking things apart after SECONDS (default 1800) and report what was done';

/** The engine limit for the option's value: `{}` when absent, an error message when not a positive number. */
export function timeLimit(value: string | undefined): { timeMs?: number } | string {
  if (value === undefined) return {};
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) return `--time-limit must be a positive number of seconds, not "${value}"`;
  return { timeMs: Math.round(seconds * 1000) };
}
