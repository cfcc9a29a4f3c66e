// `binlens worker`: a scan worker process beside the server (packages/server/src/worker.ts).
// The server's code is loaded only when this command runs, and only from this repository's
// checkout: the CLI package itself does not depend on the server.
import { type CliIo, type Command, reportUsageError } from '../command.ts';

const USAGE = `Usage: binlens worker

Takes scans from the server's queue and runs them, as many at once as BINLENS_SCAN_CONCURRENCY
says (default 2). Needs the server's PostgreSQL database (DATABASE_URL; the embedded PGlite
database cannot be shared) and its blob store: BINLENS_S3_ENDPOINT, BINLENS_S3_BUCKET,
BINLENS_S3_REGION, BINLENS_S3_ACCESS_KEY_ID, BINLENS_S3_SECRET_ACCESS_KEY and
BINLENS_S3_FORCE_PATH_STYLE when the server keeps blobs in S3-compatible storage (needed for
workers on other machines), else the same BINLENS_DATA_DIR. BINLENS_SCAN_LIMITS applies as
on the server. SIGTERM or SIGINT stops it; running scans get 30 s, then go back to the queue.

Exit status: 0 stopped cleanly, 1 an error while stopping, 2 a configuration error.`;

interface ServerWorker {
  runWorker(env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number>;
}

export const workerCommand: Command = {
  name: 'worker',
  summary: 'worker                             run scans from the server\'s queue (PostgreSQL)',
  usage: USAGE,
  run: runWorkerCommand,
};

async function runWorkerCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('-h') || argv.includes('--help')) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (argv.length > 0) return reportUsageError(io, `unexpected argument "${argv[0]}"`, USAGE);
  const entry = new URL('../../../server/src/worker.ts', import.meta.url);
  const server = (await import(entry.href)) as ServerWorker;
  return server.runWorker(io.env, (line) => io.stderr(`${line}\n`));
}
