import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { newSession } from './login.ts';

export type Counts = Record<'critical' | 'high' | 'medium' | 'low' | 'missing', number>;

export interface ListedAndShown {
  id: number;
  /** The scan list's vulnerability_counts. */
  listed: Counts | null;
  /** The vulnerabilities the result page shows, counted by the severity GET /rest/vulnerabilities/{id}/ gives each. */
  shown: Counts;
}

interface ScanPage {
  results: { id: number; status: string; vulnerability_counts: Counts | null }[];
  links: { next: string | null };
}

/** Every ready scan of the app, as an administrator sees it: what its list row counts and what its result page shows. */
export async function countsListedAndShown(app: FastifyInstance, database: Database): Promise<ListedAndShown[]> {
  const { headers } = await newSession(app, database, ['AU']);
  const get = async <T>(url: string): Promise<T> => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const rows: ListedAndShown[] = [];
  for (let url: string | null = '/rest/scans/?limit=500'; url !== null; ) {
    const page: ScanPage = await get<ScanPage>(url);
    for (const scan of page.results.filter((s) => s.status === 'R')) {
      const result = await get<{ components: { vulns: { vuln_id: string }[] }[] }>(`/rest/scans/${scan.id}/result/`);
      const shown: Counts = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
      for (const id of new Set(result.components.flatMap((c) => c.vulns.map((v) => v.vuln_id)))) {
        const severity = (await get<{ severity: string | null }>(`/rest/vulnerabilities/${encodeURIComponent(id)}/`)).severity?.toLowerCase() ?? 'missing';
        shown[severity as keyof Counts] += 1;
      }
      rows.push({ id: scan.id, listed: scan.vulnerability_counts, shown });
    }
    url = page.links.next;
  }
  return rows;
}
