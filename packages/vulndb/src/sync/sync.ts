// `binlens db sync`: downloads every source from its official location and imports it
// with the same staged importers as `db import`. Base URLs can be overridden from the
// environment (BINLENS_NVD_URL, BINLENS_OSV_URL, BINLENS_EPSS_URL, BINLENS_KEV_URL,
// BINLENS_DEBIAN_URL); tests point them at a loopback HTTP server.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { KbDatabase } from '../db/database.ts';
import { feedByKind } from '../import/registry.ts';
import { type ImportReport, runImport } from '../import/run.ts';
import { download, type DownloadOptions } from './download.ts';
import { syncNvd } from './nvd-api.ts';
import { osvZipFeed } from './osv-zip.ts';

export type SyncSource = 'debian' | 'epss' | 'kev' | 'nvd' | 'osv';

export const SYNC_SOURCES: readonly SyncSource[] = ['debian', 'epss', 'kev', 'nvd', 'osv'];

export const OFFICIAL_URLS: Readonly<Record<SyncSource, string>> = {
  debian: 'https://security-tracker.debian.org/tracker/data/json',
  epss: 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
  kev: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
  nvd: 'https://services.nvd.nist.gov/rest/json/cves/2.0',
  osv: 'https://osv-vulnerabilities.storage.googleapis.com',
};

/** OSV ecosystems fetched by default: those with a version scheme (versions/registry.ts). */
export const DEFAULT_OSV_ECOSYSTEMS = ['Alpine', 'Debian', 'Go', 'Maven', 'NuGet', 'Packagist', 'PyPI', 'RubyGems', 'crates.io', 'npm'];

export interface SyncOptions {
  readonly sources?: readonly SyncSource[];
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
  /** Called with each finished import, as it finishes. */
  readonly onReport?: (report: ImportReport) => void;
}

export async function syncKnowledgeBase(db: KbDatabase, options: SyncOptions = {}): Promise<ImportReport[]> {
  const env = options.env ?? process.env;
  const reports: ImportReport[] = [];
  const report = (r: ImportReport): void => {
    reports.push(r);
    options.onReport?.(r);
  };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-sync-'));
  try {
    for (const source of options.sources ?? SYNC_SOURCES) {
      options.signal?.throwIfAborted();
      const override = env[`BINLENS_${source.toUpperCase()}_URL`];
      const base = override || OFFICIAL_URLS[source];
      const http: DownloadOptions = { allowLoopbackHttp: Boolean(override), ...(options.signal ? { signal: options.signal } : {}) };
      if (source === 'nvd') {
        await syncNvd(db, base, { ...http, apiKey: env.NVD_API_KEY ?? '', onReport: report });
      } else if (source === 'osv') {
        const ecosystems = env.BINLENS_OSV_ECOSYSTEMS ? env.BINLENS_OSV_ECOSYSTEMS.split(',').map((e) => e.trim()).filter(Boolean) : DEFAULT_OSV_ECOSYSTEMS;
        for (const ecosystem of ecosystems) {
          const url = `${base.replace(/\/$/, '')}/${encodeURIComponent(ecosystem)}/all.zip`;
          const file = path.join(dir, `osv-${reports.length}.zip`);
          await download(url, file, http);
          report(await runImport(db, osvZipFeed, { path: file }, { origin: url, ...(options.signal ? { signal: options.signal } : {}) }));
        }
      } else {
        const file = path.join(dir, `${source}.download`);
        await download(base, file, http);
        report(await runImport(db, feedByKind(source), { path: file }, { origin: base, ...(options.signal ? { signal: options.signal } : {}) }));
      }
    }
    return reports;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
