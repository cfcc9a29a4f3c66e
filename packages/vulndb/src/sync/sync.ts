// `binlens db sync`: downloads every source from its official location and imports it
// with the same staged importers as `db import`. Base URLs can be overridden from the
// environment (BINLENS_NVD_URL, BINLENS_OSV_URL, BINLENS_EPSS_URL, BINLENS_KEV_URL,
// BINLENS_DEBIAN_URL, BINLENS_ALPINE_URL, BINLENS_UBUNTU_URL); tests point them at a
// loopback HTTP server.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { KbDatabase } from '../db/database.ts';
import { feedByKind } from '../import/registry.ts';
import { type ImportReport, runImport } from '../import/run.ts';
import type { Feed } from '../import/types.ts';
import { download, type DownloadOptions } from './download.ts';
import { syncNvd } from './nvd-api.ts';
import { osvZipFeed, ubuntuZipFeed } from './osv-zip.ts';
import { SourceProgress, type SyncProgress } from './progress.ts';

export type SyncSource = 'alpine' | 'debian' | 'epss' | 'kev' | 'nvd' | 'osv' | 'ubuntu';

export const SYNC_SOURCES: readonly SyncSource[] = ['alpine', 'debian', 'epss', 'kev', 'nvd', 'osv', 'ubuntu'];

export const OFFICIAL_URLS: Readonly<Record<SyncSource, string>> = {
  alpine: 'https://secdb.alpinelinux.org',
  debian: 'https://security-tracker.debian.org/tracker/data/json',
  epss: 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
  kev: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
  nvd: 'https://services.nvd.nist.gov/rest/json/cves/2.0',
  osv: 'https://osv-vulnerabilities.storage.googleapis.com',
  ubuntu: 'https://osv-vulnerabilities.storage.googleapis.com/Ubuntu/all.zip',
};

/** OSV ecosystems fetched by default: those with a version scheme (versions/registry.ts). */
export const DEFAULT_OSV_ECOSYSTEMS = ['Alpine', 'Debian', 'Go', 'Maven', 'NuGet', 'Packagist', 'PyPI', 'RubyGems', 'crates.io', 'npm'];

/** Alpine releases whose secdb is fetched by default (BINLENS_ALPINE_RELEASES overrides), each with both repositories. */
export const DEFAULT_ALPINE_RELEASES = ['v3.20', 'v3.21', 'v3.22', 'v3.23', 'edge'];
const ALPINE_REPOSITORIES = ['main', 'community'];

export interface SyncOptions {
  readonly sources?: readonly SyncSource[];
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
  /** Called with each finished import, as it finishes. */
  readonly onReport?: (report: ImportReport) => void;
  /** Called as each source downloads and reads its records. */
  readonly onProgress?: (progress: SyncProgress) => void;
}

export async function syncKnowledgeBase(db: KbDatabase, options: SyncOptions = {}): Promise<ImportReport[]> {
  const env = options.env ?? process.env;
  const reports: ImportReport[] = [];
  const report = (r: ImportReport): void => {
    reports.push(r);
    options.onReport?.(r);
  };
  const signal = options.signal ? { signal: options.signal } : {};
  const dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-sync-'));
  try {
    for (const source of options.sources ?? SYNC_SOURCES) {
      options.signal?.throwIfAborted();
      const override = env[`BINLENS_${source.toUpperCase()}_URL`];
      const base = (override || OFFICIAL_URLS[source]).replace(/\/$/, '');
      const progress = new SourceProgress(source, options.onProgress);
      const http: DownloadOptions = { allowLoopbackHttp: Boolean(override), ...signal, onProgress: (p) => progress.downloading(p) };
      /** Downloads one file of the source and imports it with `feed`. */
      const fetchAndImport = async (url: string, feed: Feed, name: string): Promise<void> => {
        const file = path.join(dir, `${reports.length}-${name}`);
        await download(url, file, http);
        progress.importing();
        report(await runImport(db, progress.counting(feed), { path: file }, { origin: url, ...signal }));
      };
      if (source === 'nvd') {
        await syncNvd(db, base, { ...http, apiKey: env.NVD_API_KEY ?? '', onReport: report, progress });
      } else if (source === 'alpine') {
        for (const release of listFromEnv(env.BINLENS_ALPINE_RELEASES) ?? DEFAULT_ALPINE_RELEASES) {
          for (const repository of ALPINE_REPOSITORIES) {
            await fetchAndImport(`${base}/${encodeURIComponent(release)}/${repository}.json`, feedByKind('alpine'), 'alpine.json');
          }
        }
      } else if (source === 'ubuntu') {
        await fetchAndImport(base, ubuntuZipFeed, 'ubuntu.zip');
      } else if (source === 'osv') {
        for (const ecosystem of listFromEnv(env.BINLENS_OSV_ECOSYSTEMS) ?? DEFAULT_OSV_ECOSYSTEMS) {
          await fetchAndImport(`${base}/${encodeURIComponent(ecosystem)}/all.zip`, osvZipFeed, 'osv.zip');
        }
      } else {
        await fetchAndImport(base, feedByKind(source), `${source}.download`);
      }
    }
    return reports;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A comma-separated list from the environment, or undefined when unset or empty. */
function listFromEnv(value: string | undefined): string[] | undefined {
  const list = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  return list.length > 0 ? list : undefined;
}
