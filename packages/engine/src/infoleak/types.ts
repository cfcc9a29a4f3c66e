// An infoleak detector (gitleaks' rule shape): keywords pre-filter + pattern +
// validation, with true and false samples inside the detector file.
import type { InfoleakKind } from '../model/index.ts';

export interface Detected {
  value: string;
  details?: Record<string, string | number | boolean>;
  /** A documentation example, placeholder or loopback value: dropped unless the decoy filter is off. */
  decoy?: boolean;
  /** Overrides the detector's kind for this finding (a URL with a password is `http_credentials`). */
  kind?: InfoleakKind;
  /** Overrides the detector's `secret` for this finding. */
  secret?: boolean;
}

/** A finding of a detector's byte scan: where it starts, and a readable line to show around it. */
export interface BinaryHit extends Detected {
  offset: number;
  context: string;
}

/** What the scan needs of a pattern: a RegExp, or an RE2 (user patterns) with the same exec shape. */
export interface Pattern {
  source: string;
  flags: string;
  lastIndex: number;
  exec(text: string): RegExpExecArray | null;
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
  pattern: Pattern;
  /** A secret gets a masked display form. */
  secret: boolean;
  /** Only files whose base name matches are searched (shell histories). */
  fileNames?: RegExp;
  /**
   * Its findings are what packages credit themselves with (addresses, links): decoys where
   * packages publish their attribution (package-attribution.ts), unless the finding is a secret.
   */
  attribution?: boolean;
  /**
   * Refines a match: undefined drops it (bad checksum, not decodable); `decoy` marks examples.
   * `path` is the file's extended path (a trust store's certificates are decoys, a config's are not).
   */
  validate?(match: RegExpExecArray, path: readonly string[]): Detected | undefined;
  /**
   * Every position at which `pattern` can match, or more (any order, repeats allowed), found
   * much faster than the pattern's own search over a long text (infoleak/starts.ts): the pattern
   * is then tried at these positions alone, which finds the same matches.
   */
  starts?(text: string): number[];
  /** Finds in the raw bytes what the string pass cannot see (DER structures); runs on every file. */
  scanBinary?(bytes: Buffer, path: readonly string[]): BinaryHit[];
  /** `path` is the file name the samples are scanned under (default `f`). */
  samples: { positive: readonly string[]; negative: readonly string[]; path?: string };
}

/** A user-defined pattern (spec: custom pattern id, enabled), RE2 syntax. */
export interface CustomPattern {
  id: string;
  pattern: string;
  enabled?: boolean;
}

/** Scan options of the infoleak stage. */
export interface InfoleakOptions {
  /** Drop documentation examples, localhost, version-number IPs... (default true). */
  decoys?: boolean;
  /** User patterns, run as detectors `custom/<id>` of kind `custom`. */
  customPatterns?: readonly CustomPattern[];
}

/** Documentation examples and placeholders that look like leaks but are not. */
export const DECOY_VALUES: ReadonlySet<string> = new Set(['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']);
export const DECOY_DOMAINS = /(^|\.)(example\.(com|org|net)|localhost|test|invalid|example)$/i;
