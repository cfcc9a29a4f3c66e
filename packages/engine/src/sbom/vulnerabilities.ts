// Helpers of the SBOM writers over the vulnerabilities a caller hands them
// (model/sbom-vulnerability.ts).
import type { SbomRating, SbomRatingMethod, SbomVulnerability } from '../model/sbom-vulnerability.ts';

export type { SbomAffect, SbomRating, SbomRatingMethod, SbomVulnerability } from '../model/sbom-vulnerability.ts';

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
