// The Binlens facts of a triage (model.ts BinlensFacts) as name/value pairs, and read back
// strictly: a document that carries them was written by this server, so a value that is not
// one it writes is a damaged document, refused rather than half understood.
import { TRIAGE_RATIONALES, TRIAGE_SCOPES } from '../../db/schema/index.ts';
import { isStorableText } from '../../lib/schemas.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';
import { ADJUSTED_SEVERITIES } from '../triages/schemas.ts';
import type { BinlensFacts } from './model.ts';

/** The namespace of the facts: CycloneDX property names `binlens:<key>`, the OpenVEX status_notes line `binlens: {...}`. */
export const FACTS_NAMESPACE = 'binlens';

type Kind = 'id' | 'rationale' | 'scope' | 'severity' | { maxLength: number };

/** Every fact, in the order documents list them, with what its value may be (the triage API's own limits). */
const FACT_KINDS: { readonly [K in keyof Required<BinlensFacts>]: Kind } = {
  rationale: 'rationale',
  triage: 'id',
  scope: 'scope',
  scan_id: 'id',
  group_scope: 'id',
  result_scope: 'id',
  application_name: { maxLength: 1000 },
  triaged_obj: { maxLength: 200 },
  component_name: { maxLength: 300 },
  version_range: { maxLength: 300 },
  mapped_component_id: { maxLength: 200 },
  adjusted_severity: 'severity',
  environmental_vector: { maxLength: 300 },
};
const FACT_KEYS = Object.keys(FACT_KINDS) as (keyof BinlensFacts)[];

/** A document's content that its dialect does not allow; the reader names the statement. */
export class VexFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VexFormatError';
  }
}

/** The facts of a stored triage; null fields are left out. */
export function factsOf(triage: TriageDto): BinlensFacts {
  const all: Record<keyof BinlensFacts, string | number | null> = {
    rationale: triage.rationale,
    triage: triage.id,
    scope: triage.scope,
    scan_id: triage.scan_id,
    group_scope: triage.group_scope,
    result_scope: triage.result_scope,
    application_name: triage.application_name,
    triaged_obj: triage.triaged_obj,
    component_name: triage.component_name,
    version_range: triage.version_range,
    mapped_component_id: triage.mapped_component_id,
    adjusted_severity: triage.adjusted_severity,
    environmental_vector: triage.environmental_vector,
  };
  return Object.fromEntries(FACT_KEYS.flatMap((key) => (all[key] === null ? [] : [[key, all[key]]]))) as BinlensFacts;
}

/** The facts as name/value pairs, in a fixed order: `binlens:rationale` = `NA`, ... */
export function factPairs(facts: BinlensFacts): { name: string; value: string }[] {
  return FACT_KEYS.flatMap((key) => (facts[key] === undefined ? [] : [{ name: `${FACTS_NAMESPACE}:${key}`, value: String(facts[key]) }]));
}

/**
 * The facts among name/value pairs (other names are someone else's and left alone); null when
 * there are none. Throws VexFormatError for a value this server never writes.
 */
export function readFactPairs(pairs: readonly { name: string; value: unknown }[]): BinlensFacts | null {
  const values: Record<string, unknown> = {};
  for (const { name, value } of pairs) {
    if (name.startsWith(`${FACTS_NAMESPACE}:`)) values[name.slice(FACTS_NAMESPACE.length + 1)] = value;
  }
  return readFacts(values);
}

/** The facts of an object `{rationale: 'NA', scope: 'R', ...}` (the OpenVEX status_notes line). */
export function readFacts(values: Readonly<Record<string, unknown>>): BinlensFacts | null {
  const facts: Record<string, string | number> = {};
  for (const key of FACT_KEYS) {
    const value = values[key];
    if (value === undefined) continue;
    facts[key] = factValue(key, FACT_KINDS[key], value);
  }
  return Object.keys(facts).length === 0 ? null : (facts as BinlensFacts);
}

function factValue(key: string, kind: Kind, value: unknown): string | number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') throw new VexFormatError(`${FACTS_NAMESPACE}:${key} is not text.`);
  switch (kind) {
    case 'id': {
      const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
      if (!(id <= 2147483647)) throw new VexFormatError(`${FACTS_NAMESPACE}:${key} is not an id: ${JSON.stringify(text.slice(0, 40))}.`);
      return id;
    }
    case 'rationale':
      return oneOf(key, TRIAGE_RATIONALES, text);
    case 'scope':
      return oneOf(key, TRIAGE_SCOPES, text);
    case 'severity':
      return oneOf(key, ADJUSTED_SEVERITIES, text);
    default:
      if (text.length > kind.maxLength || !isStorableText(text)) {
        throw new VexFormatError(`${FACTS_NAMESPACE}:${key} is longer than ${kind.maxLength} characters or holds characters that cannot be stored.`);
      }
      return text;
  }
}

function oneOf(key: string, allowed: readonly string[], text: string): string {
  if (!allowed.includes(text)) throw new VexFormatError(`${FACTS_NAMESPACE}:${key} is ${JSON.stringify(text.slice(0, 40))}, not one of ${allowed.join(', ')}.`);
  return text;
}
