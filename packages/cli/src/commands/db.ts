// `binlens db import FILE...` and `binlens db status`: the CLI's own vulnerability
// knowledge base, a PGlite database under the data directory, filled from feed files
// (for air-gapped installations and for checking matches by hand).
import { parseArgs } from 'node:util';
import { type ImportReport, UnknownFeedError, defaultDataDir, importFeed, knowledgeBaseStatus, openKnowledgeBase } from '@binlens/vulndb';
import { type CliIo, type Command, reportUsageError } from '../command.ts';

const USAGE = `Usage: binlens db import FILE... [--data-dir DIR]
       binlens db status [--data-dir DIR]

import   reads vulnerability feed files into the knowledge base; each file's kind is
         recognised by its content: NVD CVE API 2.0 JSON (API pages, per-CVE files),
         OSV JSON (one record or an array), EPSS CSV, CISA KEV JSON, Debian security
         tracker JSON; gzip-compressed files too. Malformed records are skipped and
         listed; a file that fails leaves the knowledge base as it was.
status   shows what the knowledge base holds per source and its last import.

The knowledge base lives in DIR/kb: --data-dir, else $BINLENS_DATA_DIR, else
$XDG_CACHE_HOME/binlens, else ~/.cache/binlens. "binlens scan" evaluates against it.

Exit status: 0 success, 1 a file failed or is not a feed, 2 usage error.`;

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
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    return reportUsageError(io, (err as Error).message, USAGE);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [action, ...files] = positionals;
  if (action !== 'import' && action !== 'status') return reportUsageError(io, action ? `unknown action "${action}"` : 'missing action', USAGE);
  if (action === 'import' && files.length === 0) return reportUsageError(io, 'missing FILE', USAGE);
  if (action === 'status' && files.length > 0) return reportUsageError(io, `unexpected argument "${files[0]}"`, USAGE);
  const opened = await openKnowledgeBase(values['data-dir'] ?? defaultDataDir(io.env));
  try {
    return action === 'import' ? await importFiles(opened.db, files, io) : await printStatus(opened.db, io);
  } finally {
    await opened.close();
  }
}

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
