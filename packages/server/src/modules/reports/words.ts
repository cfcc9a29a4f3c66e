// Names the reports write for the engine's and the evaluation's codes.
import type { CodeType, InfoleakKind } from '@binlens/engine/model';
import type { ReportVulnerability } from './report-data.ts';

/** Spec §9 component code types in words (as the web app's lib/code-types.ts shows them). */
export const CODE_TYPE_NAMES: Readonly<Record<CodeType, string>> = {
  GO: 'Go', NA: 'Native', MA: 'Apple (macOS, iOS)', JA: 'Java', MS: '.NET', DP: 'Distribution package',
  RB: 'Ruby', PY: 'Python', JS: 'JavaScript', CP: 'PHP (Composer)',
};

export const INFOLEAK_KIND_NAMES: Readonly<Record<InfoleakKind, string>> = {
  asymmetric_keys: 'Private keys', cloud_provider_keys: 'Cloud provider keys', urls: 'URLs', emails: 'E-mail addresses',
  ips: 'IP addresses', macs: 'MAC addresses', image_data: 'Image metadata', jwts: 'JSON Web Tokens', shell_histories: 'Shell histories',
  passwords: 'Passwords', oauths: 'OAuth secrets', custom: 'Custom patterns', http_credentials: 'HTTP credentials',
  google_cloud_keys: 'Google Cloud keys', facebook_tokens: 'Facebook tokens', twilio_keys: 'Twilio keys',
  certificates: 'Certificates',
};

export type CvssVersion = 2 | 3;

const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

/**
 * A vulnerability's severity in the chosen CVSS version, lower-case; v3 falls back to v2 as
 * the scan's evaluation does (v2 has no critical), v2 has no fallback; 'unscored' without one.
 */
export function severityOf(vuln: Pick<ReportVulnerability, 'cvss2' | 'cvss3'>, version: CvssVersion): string {
  const text = version === 3 ? (vuln.cvss3.severity ?? vuln.cvss2.severity) : vuln.cvss2.severity;
  const lower = text?.toLowerCase() ?? '';
  return (SEVERITIES as readonly string[]).includes(lower) ? lower : 'unscored';
}

/** The score in the chosen version (v3 falling back to v2), null without one. */
export function scoreOf(vuln: Pick<ReportVulnerability, 'cvss2' | 'cvss3'>, version: CvssVersion): number | null {
  return version === 3 ? (vuln.cvss3.score ?? vuln.cvss2.score) : vuln.cvss2.score;
}

/** The worst severity among these vulnerabilities; empty for none. */
export function worstSeverity(vulns: readonly Pick<ReportVulnerability, 'cvss2' | 'cvss3'>[], version: CvssVersion): string {
  const found = new Set(vulns.map((v) => severityOf(v, version)));
  return [...SEVERITIES, 'unscored'].find((s) => found.has(s)) ?? '';
}
