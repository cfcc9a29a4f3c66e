// An infoleak detector (gitleaks' rule shape): keywords pre-filter + pattern +
// validation, with true and false samples inside the detector file.
import type { InfoleakKind } from '../model/index.ts';

export interface Detected {
  value: string;
  details?: Record<string, string | number | boolean>;
}

export interface InfoleakDetector {
  /** Path-like unique name: the file's path under detectors/, e.g. `aws-access-key`. */
  name: string;
  kind: InfoleakKind;
  /** Bumped when output changes (result cache key). */
  version: number;
  /** Lower-case strings of which one must occur in the text for the pattern to run. */
  keywords: readonly string[];
  /** Global regex; match[0] (or validate's value) is the finding. */
  pattern: RegExp;
  /** A secret gets a masked display form. */
  secret: boolean;
  /** Refines a match: undefined drops it (bad checksum, decoy, not decodable). */
  validate?(match: RegExpExecArray): Detected | undefined;
  samples: { positive: readonly string[]; negative: readonly string[] };
}

/** Documentation examples and placeholders that look like leaks but are not. */
export const DECOY_VALUES: ReadonlySet<string> = new Set(['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']);
export const DECOY_DOMAINS = /(^|\.)(example\.(com|org|net)|localhost|test|invalid|example)$/i;
