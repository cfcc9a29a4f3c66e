// `--time-limit SECONDS` and `--limit NAME=VALUE` of `binlens scan` and `binlens unpack`:
// the engine's per-scan limits. Past the time limit the command still prints what was
// done, with a `time-limit-exceeded` problem; past another, a `limit-exceeded` one.
import { DEFAULT_LIMITS, type LimitSettingMessages, type Limits, parseLimitSettings } from '@binlens/engine';

export const LIMIT_OPTIONS = { 'time-limit': { type: 'string' }, limit: { type: 'string', multiple: true } } as const;

/** Limits `--limit` sets: every one but the time, which `--time-limit` gives in seconds. */
const SETTABLE = Object.keys(DEFAULT_LIMITS).filter((name): name is Exclude<keyof Limits, 'timeMs'> => name !== 'timeMs');

/**
 * The two budgets that grow with the input (the engine's INPUT_BUDGET), described
 * instead of their caps, which are what DEFAULT_LIMITS holds for them.
 */
const SCALED: Partial<Record<keyof Limits, string>> = {
  maxFiles: `max(200000, input bytes / 512) up to ${DEFAULT_LIMITS.maxFiles}`,
  maxTotalBytes: `max(256 MiB, 32 × input bytes) up to ${DEFAULT_LIMITS.maxTotalBytes}`,
};

export const LIMIT_HELP = `  --time-limit SECONDS  stop taking things apart after SECONDS (default 1800) and report what was done
  --limit NAME=VALUE    set an extraction limit (repeatable); the names and their defaults:
                        ${SETTABLE.map((name) => `${name} ${SCALED[name] ?? DEFAULT_LIMITS[name]}`).join(',\n                        ')}`;

const LIMIT_OPTION_MESSAGES: LimitSettingMessages = {
  unknown: (name, allowed) => `--limit takes one of ${allowed.join(', ')}, not "${name}"`,
  invalid: (name, value) => `--limit ${name} must be a whole number ≥ 0, not "${value}"`,
};

/** Both options as engine limits, or the usage error. */
export function scanLimits(values: { 'time-limit'?: string | undefined; limit?: string[] | undefined }): Partial<Limits> | string {
  const time = timeLimit(values['time-limit']);
  if (typeof time === 'string') return time;
  const limits = parseLimitSettings(values.limit ?? [], SETTABLE, LIMIT_OPTION_MESSAGES);
  return typeof limits === 'string' ? limits : { ...time, ...limits };
}

/** The engine limit for the option's value: `{}` when absent, an error message when not a positive number. */
export function timeLimit(value: string | undefined): { timeMs?: number } | string {
  if (value === undefined) return {};
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) return `--time-limit must be a positive number of seconds, not "${value}"`;
  return { timeMs: Math.round(seconds * 1000) };
}
