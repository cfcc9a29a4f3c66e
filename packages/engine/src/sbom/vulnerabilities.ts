// What an SBOM writer needs to know of a vulnerability evaluation. The engine does not
// evaluate (that is @binlens/vulndb's job); the caller converts its evaluation to this
// shape and hands it to the writer, so SBOMs carry the same findings as the native JSON.

export type SbomRatingMethod = 'CVSSv2' | 'CVSSv3' | 'CVSSv31' | 'CVSSv4';

export interface SbomRating {
  method: SbomRatingMethod;
  vector: string;
  score: number | null;
  /** critical, high, medium, low, none; null when the source gave none. */
  severity: string | null;
  /** Who scored it: `nvd@nist.gov`, a CNA, `osv`. */
  source: string;
}

export interface SbomAffect {
  /** The component's id (its bom-ref / SPDX package). */
  ref: string;
  /** The known version is inside the range (false: an unknown version was assumed affected). */
  exact: boolean;
  /** The range that matched, in words, and where it came from. */
  range: string;
  source: string;
  /** The first fixed version above the component's, when the source names one. */
  fixed: string | null;
}

export interface SbomVulnerability {
  /** CVE-…, GHSA-…, a vendor id. */
  id: string;
  aliases: string[];
  description: string;
  /** CWE numbers (`CWE-79` → 79). */
  cwes: number[];
  ratings: SbomRating[];
  epss: { score: number; percentile: number } | null;
  kev: { dateAdded: string; dueDate: string | null; ransomware: string } | null;
  affects: SbomAffect[];
}

/** Where a vulnerability id is described: NVD for CVEs, GitHub for GHSA, osv.dev otherwise. */
export function advisorySource(id: string): { name: string; url: string } {
  if (/^CVE-\d{4}-\d+$/i.test(id)) return { name: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${id}` };
  if (/^GHSA-/i.test(id)) return { name: 'GitHub', url: `https://github.com/advisories/${id}` };
  return { name: 'OSV', url: `https://osv.dev/vulnerability/${encodeURIComponent(id)}` };
}

/** The rating shown first: v3.x (the default CVSS version), then v4, then v2; scored ones only. */
export function primaryRating(v: SbomVulnerability): SbomRating | undefined {
  const order: Record<SbomRatingMethod, number> = { CVSSv31: 0, CVSSv3: 1, CVSSv4: 2, CVSSv2: 3 };
  return [...v.ratings].filter((r) => r.score !== null).sort((a, b) => order[a.method] - order[b.method])[0];
}
