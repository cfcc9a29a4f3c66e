// Binary signatures are data: one reviewed entry per native component, in
// `data/<family>.json`. A pattern is a literal anchor (found by the multi-pattern
// automaton) plus a regular expression, confirmed in a bounded window around the
// anchor, whose named group `version` is the version.

export interface SignaturePattern {
  /** Literal bytes (latin1) that every match contains; the automaton looks for these. */
  anchor: string;
  /** JavaScript regex source with a named group `version`; must contain the anchor. */
  regex: string;
}

export interface SignatureSample {
  /** A real string, as found in a real binary (named in `source`). */
  text: string;
  /** The version the signature must read from it; '' for a must-not-match sample. */
  version: string;
  /** Where the string was taken from, e.g. `Debian 12 libssl3 3.0.19-1~deb12u2, libcrypto.so.3`. */
  source: string;
}

export interface Signature {
  /** Unique id, also the evidence's `foundBy` suffix: `signatures/<id>`. */
  id: string;
  /** Component name as reported. */
  name: string;
  vendor: string;
  /**
   * CPE 2.3 `vendor:product`, when NVD has one; `o:vendor:product` for what NVD names as an
   * operating system (the Linux kernel is `cpe:2.3:o:linux:linux_kernel`), whose ranges
   * would not match an application CPE.
   */
  cpe?: string;
  /** purl type and optional namespace; the name is `name`. */
  purl: { type: string; namespace?: string };
  /**
   * SPDX expression of the upstream licence, as the Debian package's copyright file
   * declares it for its main `Files: *` stanza; for a project that changed licence, the
   * licence of the version line Debian 12 ships. Absent when no single licence is declared.
   */
  license?: string;
  /** Absent for components known by file name only (never given a version). */
  patterns?: SignaturePattern[];
  /** Regexes on the file's base name; a file that matches one but has no version hit is reported by name, version ''. */
  fileNames?: string[];
  /** Regexes on the matched text that veto a hit (messages that mention another version). */
  exclude?: string[];
  /** Real strings with the version each must give; absent only for file-name-only entries. */
  samples?: SignatureSample[];
  /**
   * The component keeps its version as one decimal number, `digits` digits for each of minor
   * and patch (libxml2's LIBXML_VERSION, libxslt's LIBXSLT_VERSION: `20914`): a capture made
   * of digits only is reported dotted (`2.9.14`). Dotted captures are left as they are.
   */
  packedVersion?: { digits: number };
}

export interface SignatureFamily {
  family: string;
  signatures: Signature[];
}
