// One entry point for every CVSS version: the vector's prefix picks the
// version; nothing throws, a bad vector yields `{valid: false, reason}`.
import type { CvssResult, CvssSeverity, CvssVersion } from './types.ts';
import { scoreV2, severityV2 } from './v2.ts';
import { scoreV3, severityV3 } from './v3.ts';
import { scoreV4 } from './v4.ts';

export interface ScoreCvssOptions {
  /** A v4.0 base score the feed states: kept as given instead of the computed one. */
  readonly score?: number;
}

/** Parses a CVSS v2, v3.0, v3.1 or v4.0 vector and scores it. */
export function scoreCvss(vector: string, options: ScoreCvssOptions = {}): CvssResult {
  const text = vector.trim();
  if (text.startsWith('CVSS:4.0/')) return scoreV4(text, options.score);
  if (text.startsWith('CVSS:3.')) return scoreV3(text);
  if (text.startsWith('CVSS:')) return { valid: false, input: vector, reason: 'unknown CVSS version' };
  // v2 vectors have no prefix; they start with the access vector.
  if (/^\(?AV:/.test(text)) return scoreV2(text);
  return { valid: false, input: vector, reason: 'not a CVSS vector' };
}

/** The qualitative severity of a score under a version's scale. */
export function cvssSeverity(version: CvssVersion, score: number): CvssSeverity {
  return version === '2.0' ? severityV2(score) : severityV3(score);
}
