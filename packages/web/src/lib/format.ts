// Spec §9 display rules: the only place numbers, sizes, percentages, dates and long
// text become strings. Each function has a table-driven test in format.test.ts.

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
const ELLIPSIS = '…';

/** 1234567 → "1 234 567": thousands separated by spaces, decimals kept with a dot. */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return '-';
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  // "1234567" → "1 234 567": a space before every complete group of three digits.
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (fraction === undefined ? '' : `.${fraction}`);
}

/** 1 → "1 component", 2000 → "2 000 components": the number, then the noun agreeing with it. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** Base 1000 from B to YB (a gigabyte is 1e9); bytes are whole, larger units keep 2 decimals. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999.995 kB rounds to "1000.00": show it as the next unit instead.
  if (unit > 0 && unit < BYTE_UNITS.length - 1 && Number(value.toFixed(2)) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return `${formatNumber(value, unit === 0 ? 0 : 2)} ${BYTE_UNITS[unit]}`;
}

/**
 * A duration in milliseconds: "850 ms" below a second, "12.4 s" below a minute, then whole
 * units, the two largest: "3 min 20 s", "1 h 5 min".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  if (ms < 1000) return `${formatNumber(ms)} ms`;
  if (ms < 60_000) return `${formatNumber(ms / 1000, 1)} s`;
  const seconds = Math.round(ms / 1000);
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  if (hours > 0) return minutes > 0 ? `${formatNumber(hours)} h ${minutes} min` : `${formatNumber(hours)} h`;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** A ratio (0.25) as a percentage ("25%"); 0 decimals unless asked. */
export function formatPercent(ratio: number, decimals = 0): string {
  if (!Number.isFinite(ratio)) return '-';
  return `${formatNumber(ratio * 100, decimals)}%`;
}

/** done/total as a percentage; an unknown total (0) reads as 0%. */
export function formatProgress(done: number, total: number): string {
  return formatPercent(total > 0 ? Math.min(done / total, 1) : 0);
}

// C0 controls, DEL, C1 controls, lone surrogates, and the invisible marks that reorder or
// hide text (bidirectional overrides and isolates, zero-width characters, BOM).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const C_ESCAPES: Readonly<Record<string, string>> = { '\0': '\\0', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\u001b': '\\e' };

/**
 * Text taken from an input (a member name, evidence, a leak's value) as it can be shown:
 * characters that would be invisible, break a line or reorder the text around them are
 * written C-style (`\0`, `\n`, `\e`, `\x7f`, `\u{202e}`); everything else is kept.
 */
export function displayText(text: string): string {
  return text.replace(UNSHOWABLE, (char) => {
    const escape = C_ESCAPES[char];
    if (escape) return escape;
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** An extended path (one element per nested container) as one line of text. */
export function displayPath(path: readonly string[]): string {
  return path.map(displayText).join(' / ');
}

/** Long text cut to `max` characters including the ellipsis. */
export function truncate(text: string, max: number): string {
  if (max < 1) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max - 1).join('') + ELLIPSIS;
}

/**
 * An ISO timestamp as "YYYY-MM-DD HH:mm", in UTC or in the browser's time zone when the
 * user chose display_local_time.
 */
export function formatDateTime(iso: string | null | undefined, local = false): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  const parts = local
    ? [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes()]
    : [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()];
  const [y, mo, d, h, mi] = parts.map((n) => String(n).padStart(2, '0'));
  return `${y}-${mo}-${d} ${h}:${mi}${local ? '' : ' UTC'}`;
}

// Sample: `2021-02-15T13:15:12.560` (NVD's timestamps carry no offset, and are UTC).
const NO_OFFSET = /T[\d:.]+$/;

/**
 * The UTC day of an ISO date or timestamp as "YYYY-MM-DD": `2025-02-03` stays as it is, and a
 * timestamp without an offset (as NVD writes them) is read as UTC, not as the browser's time.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(NO_OFFSET.test(iso) ? `${iso}Z` : iso);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toISOString().slice(0, 10);
}
