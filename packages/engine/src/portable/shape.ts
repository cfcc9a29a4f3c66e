// Checks of untrusted JSON against a declared shape, each answering the value rebuilt from
// what it declares (unknown keys are dropped) or throwing a PortableScanError that names the
// first bad field by its path, e.g. `identification.files[3].sha256: expected a string, got a number`.
import { PortableScanError } from './portable-scan.ts';

/** Checks `value`, found at `at` (a path for the error message), and answers it rebuilt. */
export type Check<T> = (value: unknown, at: string) => T;

/**
 * One check per key of T, optional keys with a check that takes `undefined`: a field added to
 * T without a check here fails to compile, so the reader cannot silently skip it.
 */
export type Fields<T> = { [K in keyof T]-?: Partial<Pick<T, K>> extends Pick<T, K> ? Check<T[K] | undefined> : Check<T[K]> };

export function fail(at: string, message: string): never {
  throw new PortableScanError(`${at}: ${message}`);
}

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

export const string: Check<string> = (value, at) => (typeof value === 'string' ? value : fail(at, `expected a string, got ${describe(value)}`));

/**
 * A string the server keeps in a plain text column (a component's id, name, version): NUL and
 * unpaired surrogates, which PostgreSQL text refuses, are not allowed there.
 */
export const storableText: Check<string> = (value, at) => {
  const text = string(value, at);
  if (text.includes('\0') || !text.isWellFormed()) fail(at, 'holds a NUL character or an unpaired surrogate, which cannot be stored');
  return text;
};

export function pattern(regex: RegExp, what: string): Check<string> {
  return (value, at) => {
    const text = string(value, at);
    return regex.test(text) ? text : fail(at, `expected ${what}, got ${JSON.stringify(text.slice(0, 80))}`);
  };
}

/** An ISO 8601 date and time, as Date.parse reads it: `2026-01-01T00:00:00.000Z`. */
export const dateTime: Check<string> = (value, at) => {
  const text = string(value, at);
  return Number.isNaN(Date.parse(text)) ? fail(at, `expected an ISO 8601 date, got ${JSON.stringify(text.slice(0, 80))}`) : text;
};

export const boolean: Check<boolean> = (value, at) => (typeof value === 'boolean' ? value : fail(at, `expected a boolean, got ${describe(value)}`));

export const number: Check<number> = (value, at) => (typeof value === 'number' ? value : fail(at, `expected a number, got ${describe(value)}`));

/** A whole number from `min` up (sizes, offsets, counts: from 0). */
export function integer(min = 0): Check<number> {
  return (value, at) => {
    const n = number(value, at);
    return Number.isSafeInteger(n) && n >= min ? n : fail(at, `expected a whole number from ${min}, got ${n}`);
  };
}

export function between(min: number, max: number): Check<number> {
  return (value, at) => {
    const n = number(value, at);
    return n >= min && n <= max ? n : fail(at, `expected a number from ${min} to ${max}, got ${n}`);
  };
}

export function literal<const T extends string | number>(...allowed: readonly T[]): Check<T> {
  return (value, at) =>
    (allowed as readonly unknown[]).includes(value) ? (value as T) : fail(at, `expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describeValue(value)}`);
}

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, at) => (value === undefined ? undefined : check(value, at));
}

export function array<T>(item: Check<T>): Check<T[]> {
  return (value, at) => {
    if (!Array.isArray(value)) fail(at, `expected an array, got ${describe(value)}`);
    return value.map((entry, i) => item(entry, `${at}[${i}]`));
  };
}

export function object<T>(fields: Fields<T>): Check<T> {
  const keys = Object.keys(fields) as (keyof T & string)[];
  return (value, at) => {
    const source = plainObject(value, at);
    const checked = new Map<string, unknown>();
    for (const key of keys) {
      const check = fields[key] as Check<T[typeof key] | undefined>;
      const result = check(Object.hasOwn(source, key) ? source[key] : undefined, `${at}.${key}`);
      if (result !== undefined) checked.set(key, result);
    }
    // The document's own key order is kept, so a re-read scan prints as the scan did.
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(source)) if (checked.has(key)) out[key] = checked.get(key);
    for (const [key, result] of checked) if (!(key in out)) out[key] = result;
    return out as T;
  };
}

/** An object used as a map: every value checked, keys as they are (an own `__proto__` stays a plain key). */
export function record<T>(entry: Check<T>): Check<Record<string, T>> {
  return (value, at) => Object.fromEntries(Object.entries(plainObject(value, at)).map(([key, v]) => [key, entry(v, `${at}.${key}`)]));
}

/** A string, number or boolean (an infoleak's validated facts). */
export const scalar: Check<string | number | boolean> = (value, at) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : fail(at, `expected a string, number or boolean, got ${describe(value)}`);

/**
 * Any JSON value nested at most `maxDepth` levels (data the server only passes on, such as an
 * app's entitlements): deeper data would overflow the stack of JSON.stringify when stored.
 */
export function jsonValue(maxDepth: number): Check<unknown> {
  const walk = (value: unknown, at: string, depth: number): void => {
    if (value === null || typeof value !== 'object') return;
    if (depth >= maxDepth) fail(at, `nested deeper than ${maxDepth} levels`);
    for (const [key, entry] of Object.entries(value)) walk(entry, Array.isArray(value) ? `${at}[${key}]` : `${at}.${key}`, depth + 1);
  };
  return (value, at) => {
    if (value === undefined) fail(at, 'expected a JSON value, got nothing');
    walk(value, at, 0);
    return value;
  };
}

function plainObject(value: unknown, at: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(at, `expected an object, got ${describe(value)}`);
  return value as Record<string, unknown>;
}

function describeValue(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? JSON.stringify(value) : describe(value);
}
