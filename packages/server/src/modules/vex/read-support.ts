// What every VEX reader needs: bounded, typed access to an untrusted JSON document. Problems
// are VexFormatError with a message naming where they are; detect.ts turns them into a 400.
import { parsePurl } from '@binlens/vulndb';
import { isStorableText } from '../../lib/schemas.ts';
import { VexFormatError } from './facts.ts';
import type { VexReadProduct } from './model.ts';

/** Statements (or vulnerabilities) one document may hold. */
export const MAX_STATEMENTS = 10_000;
/** Products (components, CSAF product ids) one document may name in all. */
export const MAX_PRODUCTS = 100_000;
/** As the triage API takes them. */
export const MAX_DESCRIPTION = 10_000;
const MAX_VULN_ID = 100;
const MAX_PURL = 2000;

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The array at `what`; none is empty, anything else is a damaged document. */
export function arrayAt(value: unknown, what: string, max: number = MAX_PRODUCTS): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new VexFormatError(`${what} is not a list.`);
  if (value.length > max) throw new VexFormatError(`${what} holds more than ${max.toLocaleString('en')} entries: split the document.`);
  return value;
}

export function stringAt(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new VexFormatError(`${what} is not text.`);
  return value;
}

/** A vulnerability id as the triage API takes it (1 to 100 storable characters). */
export function vulnIdOf(value: unknown, what: string): string {
  const id = stringAt(value, what)?.trim() ?? '';
  if (id === '') throw new VexFormatError(`${what} is missing.`);
  if (id.length > MAX_VULN_ID || !isStorableText(id)) throw new VexFormatError(`${what} is longer than ${MAX_VULN_ID} characters or holds characters that cannot be stored.`);
  return id;
}

/**
 * Free text of a document as a triage description: the parts given, one paragraph each,
 * without characters the database cannot store, at most as long as the triage API allows.
 */
export function descriptionOf(...parts: (string | null | undefined)[]): string {
  const text = parts
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n\n')
    .replaceAll('\0', '')
    .toWellFormed();
  return text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

/** A product named by its package URL; one that is not a purl stays a label the import reports. */
export function productOfPurl(text: string): VexReadProduct {
  const purl = text.trim();
  const parsed = purl.length <= MAX_PURL ? parsePurl(purl) : null;
  const label = purl.length <= 200 ? purl : `${purl.slice(0, 199)}…`;
  if (!parsed) return { purl: null, name: null, version: null, label };
  return { purl, name: null, version: parsed.version, label };
}

/** A product that names neither a purl nor a component this server can read. */
export function unreadableProduct(label: string): VexReadProduct {
  return { purl: null, name: null, version: null, label: label.length <= 200 ? label : `${label.slice(0, 199)}…` };
}

/** Runs `read` on each entry, naming the entry in what it throws. */
export function each<T, U>(entries: readonly T[], what: string, read: (entry: T, index: number) => U): U[] {
  return entries.map((entry, index) => {
    try {
      return read(entry, index);
    } catch (error) {
      if (error instanceof VexFormatError) throw new VexFormatError(`${what} ${index + 1}: ${error.message}`);
      throw error;
    }
  });
}
