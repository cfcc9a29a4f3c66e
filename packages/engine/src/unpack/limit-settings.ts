// Limits named in text, `NAME=VALUE` each: the command line's `--limit` and the server's
// BINLENS_SCAN_LIMITS read them the same way.
import { DEFAULT_LIMITS, type Limits } from './limits.ts';

export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];

/** How a caller words a setting it cannot read (the command line names its option). */
export interface LimitSettingMessages {
  unknown(name: string, allowed: readonly string[]): string;
  invalid(name: string, value: string): string;
}

const MESSAGES: LimitSettingMessages = {
  unknown: (name, allowed) => `a limit is one of ${allowed.join(', ')}, not "${name}"`,
  invalid: (name, value) => `limit ${name} must be a whole number ≥ 0, not "${value}"`,
};

/** The limits the settings name, or the reason one cannot be read (unknown name, not a whole number ≥ 0). */
export function parseLimitSettings(
  settings: readonly string[],
  allowed: readonly (keyof Limits)[] = LIMIT_NAMES,
  messages: LimitSettingMessages = MESSAGES,
): Partial<Limits> | string {
  const limits: Partial<Limits> = {};
  for (const setting of settings) {
    const [name = '', value = ''] = setting.split('=', 2).map((part) => part.trim());
    const key = allowed.find((k) => k === name);
    if (key === undefined) return messages.unknown(name, allowed);
    const number = Number(value);
    if (value === '' || !Number.isSafeInteger(number) || number < 0) return messages.invalid(name, value);
    limits[key] = number;
  }
  return limits;
}
