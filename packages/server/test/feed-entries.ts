// Small EPSS and KEV feeds in their real formats, for route tests that need one vulnerability
// scored or known exploited (the values are made up for the test).
import { gzipSync } from 'node:zlib';

/** `epss.csv.gz` with one row, as FIRST publishes it. */
export function epssFeed(cve: string, score: number, percentile: number): { name: string; bytes: Buffer } {
  const csv = `#model_version:v2026.06.15,score_date:2026-09-29T12:00:22Z\ncve,epss,percentile\n${cve},${score},${percentile}\n`;
  return { name: 'epss.csv.gz', bytes: gzipSync(csv) };
}

interface KevEntry {
  cve: string;
  vendor: string;
  product: string;
  name: string;
  dateAdded: string;
  dueDate: string;
  ransomware: 'Known' | 'Unknown';
}

/** `kev.json` with one entry, as CISA publishes it. */
export function kevFeed(entry: KevEntry): { name: string; bytes: Buffer } {
  const catalog = {
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: '2025.08.25',
    dateReleased: '2025-08-25T17:04:19.9796Z',
    count: 1,
    vulnerabilities: [{
      cveID: entry.cve, vendorProject: entry.vendor, product: entry.product, vulnerabilityName: entry.name,
      dateAdded: entry.dateAdded, shortDescription: '', requiredAction: 'Apply updates.', dueDate: entry.dueDate, knownRansomwareCampaignUse: entry.ransomware, notes: '', cwes: [],
    }],
  };
  return { name: 'kev.json', bytes: Buffer.from(JSON.stringify(catalog)) };
}
