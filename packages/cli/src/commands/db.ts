// `binlens db import FILE...` and `binlens db status`: the CLI's own vulnerability
// knowledge base, a PGlite database under the data directory, filled from feed files
// (for air-gapped installations and for checking matches by hand).
import { parseArgs } from 'node:util';
import {
  type ImportReport, SYNC_SOURCES, type SyncSource, UnknownFeedError, defaultDataDir, exportBundle, importBundle, importFeed,
  knowledgeBaseStatus, openKnowledgeBase, syncKnowledgeBase,
} from '@binlens/vulndb';
import { type CliIo, type Command, reportUsageError } from '../command.ts';
import { pushBundle } from './db-push-bundle.ts';

const USAGE = `Usage: binlens db import FILE... [--data-dir DIR]
       binlens db status [--data-dir DIR]
       binlens db export-bundle FILE [--data-dir DIR]
       binlens db import-bundle FILE [--data-dir DIR]
       binlens db sync [--source nvd|osv|epss|kev|debian|alpine|ubuntu]... [--data-dir DIR]
       binlens db push-bundle FILE --server URL (--api-key KEY | --email EMAIL [--password PASSWORD])

import         reads vulnerability feed files into the knowledge base; each file's kind
               is recognised by its content: NVD CVE API 2.0 JSON (API pages, per-CVE
               files), NVD configuration overrides, CVE JSON 5 records, OSV JSON (one
               record or an array), vendor advisories ({"source": "vendor",
               "vulnerabilities": [OSV records]}), EPSS CSV, CISA KEV JSON, Debian
               security tracker JSON, Alpine secdb (JSON or YAML), Ubuntu OSV records;
               gzip-compressed files too. Malformed records are
               skipped and listed; a file that fails leaves the knowledge base as it was.
status         shows what the knowledge base holds per source and its last import.
export-bundle  writes the whole knowledge base to FILE (a tar of NDJSON tables and a
               manifest with row counts and sha256), for air-gapped installations.
import-bundle  replaces the knowledge base with a bundle's, after checking every table
               against the manifest; a bad bundle leaves the knowledge base as it was.
sync           downloads the sources (all, or each --source) from their official
               locations and imports them: NVD API 2.0 (NVD_API_KEY optional; 5 or 50
               requests per 30 s; resumes from the last finished sync), OSV all.zip per
               ecosystem (BINLENS_OSV_ECOSYSTEMS=npm,PyPI,...), EPSS, CISA KEV, Debian
               tracker, Alpine secdb (BINLENS_ALPINE_RELEASES=v3.22,edge,...), Ubuntu
               OSV all.zip. BINLENS_<SOURCE>_URL overrides a base URL (mirrors, tests).
push-bundle    uploads a bundle to a Binlens server (an air-gapped one: sync and
               export-bundle on a connected machine first) as an administrator, with
               their API key (--api-key, else $BINLENS_API_KEY) or their e-mail and
               password (--password, else $BINLENS_PASSWORD), and waits until it is imported.

The knowledge base lives in DIR/kb: --data-dir, else $BINLENS_DATA_DIR, else
$XDG_CACHE_HOME/binlens, else ~/.cache/binlens. "binlens scan" evaluates against it.

Exit status: 0 success, 1 a file failed or is not a feed (or the server refused the
bundle), 2 usage error.`;

/** Skipped records listed per file; the count is always complete. */
const LISTED_SKIPS = 20;

export const dbCommand: Command = {
  name: 'db',
  summary: 'db import FILE... | db status           manage the vulnerability knowledge base',
  usage: USAGE,
  run: runDb,
};

async function runDb(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' }, source: { type: 'string', multiple: true }, server: { type: 'string' }, email: { type: 'string' },
        password: { type: 'string' }, 'api-key': { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return reportUsageError(io, (err as Error).message, USAGE);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [action, ...files] = positionals;
  const arity = action === undefined ? undefined : ARITY[action];
  if (arity === undefined) return reportUsageError(io, action ? `unknown action "${action}"` : 'missing action', USAGE);
  if (files.length < arity.min) return reportUsageError(io, 'missing FILE', USAGE);
  if (files.length > arity.max) return reportUsageError(io, `unexpected argument "${files[arity.max] ?? ''}"`, USAGE);
  const sources = values.source ?? [];
  const unknown = sources.find((s) => !(SYNC_SOURCES as readonly string[]).includes(s));
  if (unknown !== undefined) return reportUsageError(io, `unknown source "${unknown}"`, USAGE);
  if (sources.length > 0 && action !== 'sync') return reportUsageError(io, '--source is for sync', USAGE);
  if (action === 'push-bundle') {
    const password = values.password ?? io.env.BINLENS_PASSWORD;
    const apiKey = values['api-key'] ?? (values.email ? undefined : io.env.BINLENS_API_KEY);
    if (!values.server) return reportUsageError(io, 'push-bundle needs --server URL', USAGE);
    if (apiKey) return pushBundle({ file: files[0] ?? '', server: values.server, credentials: { apiKey } }, io);
    if (!values.email || !password) {
      return reportUsageError(io, 'push-bundle needs --api-key (or $BINLENS_API_KEY), or --email and --password (or $BINLENS_PASSWORD)', USAGE);
    }
    return pushBundle({ file: files[0] ?? '', server: values.server, credentials: { email: values.email, password } }, io);
  }
  if (values.server !== undefined || values.email !== undefined || values.password !== undefined || values['api-key'] !== undefined) {
    return reportUsageError(io, '--server, --api-key, --email and --password are for push-bundle', USAGE);
  }
  const opened = await openKnowledgeBase(values['data-dir'] ?? defaultDataDir(io.env));
  try {
    switch (action) {
      case 'import': return await importFiles(opened.db, files, io);
      case 'export-bundle': return await exportTo(opened.db, files[0] ?? '', io);
      case 'import-bundle': return await importFrom(opened.db, files[0] ?? '', io);
      case 'sync': return await sync(opened.db, sources as SyncSource[], io);
      default: return await printStatus(opened.db, io);
    }
  } finally {
    await opened.close();
  }
}

/** How many FILE arguments each action takes. */
const ARITY: Readonly<Record<string, { min: number; max: number }>> = {
  import: { min: 1, max: Infinity },
  status: { min: 0, max: 0 },
  'export-bundle': { min: 1, max: 1 },
  'import-bundle': { min: 1, max: 1 },
  sync: { min: 0, max: 0 },
  'push-bundle': { min: 1, max: 1 },
};

type Db = Awaited<ReturnType<typeof openKnowledgeBase>>['db'];

async function importFiles(db: Db, files: string[], io: CliIo): Promise<number> {
  let failed = false;
  for (const file of files) {
    let report: ImportReport;
    try {
      report = await importFeed(db, { path: file }, io.signal ? { signal: io.signal } : {});
    } catch (error) {
      if (io.signal?.aborted) throw error;
      io.stderr(`binlens: ${error instanceof UnknownFeedError ? error.message : `${file}: ${(error as Error).message}`}\n`);
      failed = true;
      continue;
    }
    io.stdout(`${describe(file, report)}\n`);
    for (const skip of report.skips.slice(0, LISTED_SKIPS)) io.stdout(`  skipped ${skip.id}: ${skip.reason}\n`);
    if (report.skipped > LISTED_SKIPS) io.stdout(`  ... and ${report.skipped - LISTED_SKIPS} more skipped\n`);
    if (report.status !== 'complete') failed = true;
  }
  return failed ? 1 : 0;
}

async function exportTo(db: Db, file: string, io: CliIo): Promise<number> {
  try {
    const manifest = await exportBundle(db, file, io.signal ? { signal: io.signal } : {});
    io.stdout(`${file}: ${manifest.tables.map((t) => `${t.table} ${t.rows}`).join(', ')}\n`);
    return 0;
  } catch (error) {
    if (io.signal?.aborted) throw error;
    io.stderr(`binlens: ${file}: ${(error as Error).message}\n`);
    return 1;
  }
}

async function importFrom(db: Db, file: string, io: CliIo): Promise<number> {
  try {
    const report = await importBundle(db, file, io.signal ? { signal: io.signal } : {});
    io.stdout(`${file}: bundle of ${report.manifest.createdAt}: ${Object.entries(report.rows).map(([t, n]) => `${t} ${n}`).join(', ')}\n`);
    return 0;
  } catch (error) {
    if (io.signal?.aborted) throw error;
    io.stderr(`binlens: ${file}: ${(error as Error).message}; the knowledge base is unchanged\n`);
    return 1;
  }
}

async function sync(db: Db, sources: SyncSource[], io: CliIo): Promise<number> {
  let failed = false;
  try {
    await syncKnowledgeBase(db, {
      ...(sources.length > 0 ? { sources } : {}),
      env: io.env,
      ...(io.signal ? { signal: io.signal } : {}),
      onReport: (report) => {
        io.stdout(`${describe(report.origin, report)}\n`);
        if (report.status !== 'complete') failed = true;
      },
    });
  } catch (error) {
    if (io.signal?.aborted) throw error;
    io.stderr(`binlens: sync: ${(error as Error).message}\n`);
    return 1;
  }
  return failed ? 1 : 0;
}

function describe(file: string, r: ImportReport): string {
  const counts = `${r.records} records, ${r.imported} imported, ${r.skipped} skipped`;
  return r.status === 'complete' ? `${file}: ${r.source}: ${counts}` : `${file}: ${r.source}: FAILED (${r.error ?? 'unknown error'}); nothing imported`;
}

async function printStatus(db: Db, io: CliIo): Promise<number> {
  const sources = await knowledgeBaseStatus(db);
  if (sources.length === 0) {
    io.stdout('The knowledge base is empty: import feeds with "binlens db import FILE...".\n');
    return 0;
  }
  const rows = sources.map((s) => [s.source, String(s.rows), s.lastImport?.origin ?? '', s.lastImport?.finishedAt ?? '']);
  io.stdout(align([['SOURCE', 'ROWS', 'LAST IMPORT', 'FINISHED'], ...rows]));
  return 0;
}

function align(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ')).join('\n') + '\n';
}
