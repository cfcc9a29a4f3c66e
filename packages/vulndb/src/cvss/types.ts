export type CvssVersion = '2.0' | '3.0' | '3.1' | '4.0';
export type CvssSeverity = 'none' | 'low' | 'medium' | 'high' | 'critical';

export interface CvssValid {
  readonly valid: true;
  readonly version: CvssVersion;
  /** The vector as given, trimmed (v2 without surrounding parentheses). */
  readonly vector: string;
  /** Every metric of the vector, base and others, by its abbreviation. */
  readonly metrics: Readonly<Record<string, string>>;
  /** Base score: computed, or for v4 the one the feed states (see v4.ts). */
  readonly baseScore: number | null;
  /** Where baseScore came from. */
  readonly scoreSource: 'computed' | 'given' | 'none';
  readonly severity: CvssSeverity | null;
  /** v4 only: the EQ1..EQ6 macrovector, e.g. "000200". */
  readonly macroVector?: string;
}

export interface CvssInvalid {
  readonly valid: false;
  readonly input: string;
  readonly reason: string;
}

export type CvssResult = CvssValid | CvssInvalid;

/** One metric's allowed values; `required` metrics are the base metrics. */
export interface MetricSpec {
  readonly values: readonly string[];
  readonly required: boolean;
}

/**
 * Splits "K:V/K:V" into a metric map, checking every key is known, every
 * value allowed, no key repeated and all required keys present. Returns a
 * reason string when it is not a valid vector.
 */
export function parseMetrics(
  body: string,
  specs: Readonly<Record<string, MetricSpec>>,
): Record<string, string> | string {
  const metrics: Record<string, string> = {};
  for (const part of body.split('/')) {
    const [key, value, extra] = part.split(':');
    if (key === undefined || value === undefined || extra !== undefined) return `malformed metric "${part}"`;
    const spec = specs[key];
    if (spec === undefined) return `unknown metric "${key}"`;
    if (!spec.values.includes(value)) return `invalid value "${value}" for metric ${key}`;
    if (key in metrics) return `metric ${key} appears twice`;
    metrics[key] = value;
  }
  const missing = Object.keys(specs).filter((k) => specs[k]?.required === true && !(k in metrics));
  return missing.length > 0 ? `missing base metric(s) ${missing.join(', ')}` : metrics;
}
