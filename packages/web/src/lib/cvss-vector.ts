// A CVSS vector explained metric by metric: `AV:N` → "Attack vector: Network", for CVSS
// 2.0 (no prefix), 3.0 and 3.1 (`CVSS:3.x/`) and 4.0 (`CVSS:4.0/`), base, temporal or
// threat, environmental and supplemental metrics alike. The names are FIRST's.

export type CvssVersion = '2.0' | '3.0' | '3.1' | '4.0';

export interface ExplainedMetric {
  /** The metric's abbreviation in the vector: `AV`. */
  readonly key: string;
  readonly metric: string;
  /** The value's abbreviation: `N`. */
  readonly code: string;
  readonly value: string;
}

export interface ExplainedVector {
  readonly version: CvssVersion;
  readonly metrics: readonly ExplainedMetric[];
}

type Metrics = Readonly<Record<string, readonly [name: string, values: Readonly<Record<string, string>>]>>;

const NOT_DEFINED = { X: 'Not defined' } as const;
const HML = { H: 'High', M: 'Medium', L: 'Low', ...NOT_DEFINED } as const;
const V2_NOT_DEFINED = { ND: 'Not defined' } as const;

const V2: Metrics = {
  AV: ['Access vector', { L: 'Local', A: 'Adjacent network', N: 'Network' }],
  AC: ['Access complexity', { H: 'High', M: 'Medium', L: 'Low' }],
  Au: ['Authentication', { M: 'Multiple', S: 'Single', N: 'None' }],
  C: ['Confidentiality impact', { N: 'None', P: 'Partial', C: 'Complete' }],
  I: ['Integrity impact', { N: 'None', P: 'Partial', C: 'Complete' }],
  A: ['Availability impact', { N: 'None', P: 'Partial', C: 'Complete' }],
  E: ['Exploitability', { U: 'Unproven', POC: 'Proof of concept', F: 'Functional', H: 'High', ...V2_NOT_DEFINED }],
  RL: ['Remediation level', { OF: 'Official fix', TF: 'Temporary fix', W: 'Workaround', U: 'Unavailable', ...V2_NOT_DEFINED }],
  RC: ['Report confidence', { UC: 'Unconfirmed', UR: 'Uncorroborated', C: 'Confirmed', ...V2_NOT_DEFINED }],
  CDP: ['Collateral damage potential', { N: 'None', L: 'Low', LM: 'Low-medium', MH: 'Medium-high', H: 'High', ...V2_NOT_DEFINED }],
  TD: ['Target distribution', { N: 'None', L: 'Low', M: 'Medium', H: 'High', ...V2_NOT_DEFINED }],
  CR: ['Confidentiality requirement', { L: 'Low', M: 'Medium', H: 'High', ...V2_NOT_DEFINED }],
  IR: ['Integrity requirement', { L: 'Low', M: 'Medium', H: 'High', ...V2_NOT_DEFINED }],
  AR: ['Availability requirement', { L: 'Low', M: 'Medium', H: 'High', ...V2_NOT_DEFINED }],
};

const V3_VECTOR = { N: 'Network', A: 'Adjacent', L: 'Local', P: 'Physical' } as const;
const V3_COMPLEXITY = { L: 'Low', H: 'High' } as const;
const V3_PRIVILEGES = { N: 'None', L: 'Low', H: 'High' } as const;
const V3_INTERACTION = { N: 'None', R: 'Required' } as const;
const V3_SCOPE = { U: 'Unchanged', C: 'Changed' } as const;
const IMPACT = { H: 'High', L: 'Low', N: 'None' } as const;

const V3: Metrics = {
  AV: ['Attack vector', V3_VECTOR],
  AC: ['Attack complexity', V3_COMPLEXITY],
  PR: ['Privileges required', V3_PRIVILEGES],
  UI: ['User interaction', V3_INTERACTION],
  S: ['Scope', V3_SCOPE],
  C: ['Confidentiality', IMPACT],
  I: ['Integrity', IMPACT],
  A: ['Availability', IMPACT],
  E: ['Exploit code maturity', { U: 'Unproven', P: 'Proof of concept', F: 'Functional', H: 'High', ...NOT_DEFINED }],
  RL: ['Remediation level', { O: 'Official fix', T: 'Temporary fix', W: 'Workaround', U: 'Unavailable', ...NOT_DEFINED }],
  RC: ['Report confidence', { U: 'Unknown', R: 'Reasonable', C: 'Confirmed', ...NOT_DEFINED }],
  CR: ['Confidentiality requirement', HML],
  IR: ['Integrity requirement', HML],
  AR: ['Availability requirement', HML],
  MAV: ['Modified attack vector', { ...V3_VECTOR, ...NOT_DEFINED }],
  MAC: ['Modified attack complexity', { ...V3_COMPLEXITY, ...NOT_DEFINED }],
  MPR: ['Modified privileges required', { ...V3_PRIVILEGES, ...NOT_DEFINED }],
  MUI: ['Modified user interaction', { ...V3_INTERACTION, ...NOT_DEFINED }],
  MS: ['Modified scope', { ...V3_SCOPE, ...NOT_DEFINED }],
  MC: ['Modified confidentiality', { ...IMPACT, ...NOT_DEFINED }],
  MI: ['Modified integrity', { ...IMPACT, ...NOT_DEFINED }],
  MA: ['Modified availability', { ...IMPACT, ...NOT_DEFINED }],
};

const V4_REQUIREMENTS = { N: 'None', P: 'Present' } as const;
const V4_INTERACTION = { N: 'None', P: 'Passive', A: 'Active' } as const;
/** A subsequent system's integrity and availability may also be Safety in the environmental metrics. */
const V4_SAFETY = { ...IMPACT, S: 'Safety', ...NOT_DEFINED } as const;

const V4: Metrics = {
  AV: ['Attack vector', V3_VECTOR],
  AC: ['Attack complexity', V3_COMPLEXITY],
  AT: ['Attack requirements', V4_REQUIREMENTS],
  PR: ['Privileges required', V3_PRIVILEGES],
  UI: ['User interaction', V4_INTERACTION],
  VC: ['Vulnerable system confidentiality', IMPACT],
  VI: ['Vulnerable system integrity', IMPACT],
  VA: ['Vulnerable system availability', IMPACT],
  SC: ['Subsequent system confidentiality', IMPACT],
  SI: ['Subsequent system integrity', IMPACT],
  SA: ['Subsequent system availability', IMPACT],
  E: ['Exploit maturity', { A: 'Attacked', P: 'Proof of concept', U: 'Unreported', ...NOT_DEFINED }],
  CR: ['Confidentiality requirement', HML],
  IR: ['Integrity requirement', HML],
  AR: ['Availability requirement', HML],
  MAV: ['Modified attack vector', { ...V3_VECTOR, ...NOT_DEFINED }],
  MAC: ['Modified attack complexity', { ...V3_COMPLEXITY, ...NOT_DEFINED }],
  MAT: ['Modified attack requirements', { ...V4_REQUIREMENTS, ...NOT_DEFINED }],
  MPR: ['Modified privileges required', { ...V3_PRIVILEGES, ...NOT_DEFINED }],
  MUI: ['Modified user interaction', { ...V4_INTERACTION, ...NOT_DEFINED }],
  MVC: ['Modified vulnerable system confidentiality', { ...IMPACT, ...NOT_DEFINED }],
  MVI: ['Modified vulnerable system integrity', { ...IMPACT, ...NOT_DEFINED }],
  MVA: ['Modified vulnerable system availability', { ...IMPACT, ...NOT_DEFINED }],
  MSC: ['Modified subsequent system confidentiality', { ...IMPACT, ...NOT_DEFINED }],
  MSI: ['Modified subsequent system integrity', V4_SAFETY],
  MSA: ['Modified subsequent system availability', V4_SAFETY],
  S: ['Safety', { N: 'Negligible', P: 'Present', ...NOT_DEFINED }],
  AU: ['Automatable', { N: 'No', Y: 'Yes', ...NOT_DEFINED }],
  R: ['Recovery', { A: 'Automatic', U: 'User', I: 'Irrecoverable', ...NOT_DEFINED }],
  V: ['Value density', { D: 'Diffuse', C: 'Concentrated', ...NOT_DEFINED }],
  RE: ['Vulnerability response effort', { L: 'Low', M: 'Moderate', H: 'High', ...NOT_DEFINED }],
  U: ['Provider urgency', { Clear: 'Clear', Green: 'Green', Amber: 'Amber', Red: 'Red', ...NOT_DEFINED }],
};

const METRICS: Readonly<Record<CvssVersion, Metrics>> = { '2.0': V2, '3.0': V3, '3.1': V3, '4.0': V4 };

// Samples: `CVSS:3.1/AV:N/AC:L/...`, `CVSS:4.0/AV:N/...`; CVSS 2 vectors have no prefix.
const PREFIX = /^CVSS:(3\.0|3\.1|4\.0)\//;

/**
 * Each metric of the vector with its name and value; null when the vector is not one of these
 * versions, names an unknown metric or value, or names a metric twice.
 */
export function explainCvssVector(vector: string): ExplainedVector | null {
  const prefix = PREFIX.exec(vector);
  const version: CvssVersion = prefix ? (prefix[1] as CvssVersion) : '2.0';
  const body = prefix ? vector.slice(prefix[0].length) : vector.replace(/^\(|\)$/g, '');
  const known = METRICS[version];
  const seen = new Set<string>();
  const metrics: ExplainedMetric[] = [];
  for (const part of body.split('/')) {
    const [key = '', code = '', ...rest] = part.split(':');
    const definition = Object.hasOwn(known, key) ? known[key] : undefined;
    const value = definition && Object.hasOwn(definition[1], code) ? definition[1][code] : undefined;
    if (!definition || value === undefined || rest.length > 0 || seen.has(key)) return null;
    seen.add(key);
    metrics.push({ key, metric: definition[0], code, value });
  }
  return { version, metrics };
}
