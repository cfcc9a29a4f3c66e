// `binlens scan FILE`: take the file apart and print its components. Thin: parse
// arguments, call the engine, print.
import { parseArgs } from 'node:util';
import { type Progress, scan, toScanResult } from '@binlens/engine';
import { type CliIo, type Command, reportUsageError } from '../command.ts';
import { formatTable } from '../table.ts';

const USAGE = `Usage: binlens scan FILE [--format json|table]

Take FILE apart (archives, packages, compressed streams, nested) and report its components.

Options:
  -f, --format json|table   output format (default: json)
  -h, --help                show this help

Exit status: 0 success, 1 FILE cannot be read, 2 usage error, 130 interrupted.`;

export const scanCommand: Command = {
  name: 'scan',
  summary: 'scan FILE [--format json|table]   report the components inside FILE',
  usage: USAGE,
  run: runScan,
};

async function runScan(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string', short: 'f', default: 'json' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    return usageError(io, (err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (file === undefined) return usageError(io, 'missing FILE');
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`);
  if (values.format !== 'json' && values.format !== 'table') return usageError(io, `--format must be json or table, not "${values.format}"`);

  const progress = io.stderrIsTTY ? progressLine(io) : undefined;
  let identification;
  try {
    identification = await scan(file, { signal: io.signal }, progress?.update);
  } catch (err) {
    progress?.clear();
    if (io.signal?.aborted) {
      io.stderr('binlens: interrupted\n');
      return 130;
    }
    io.stderr(`binlens: cannot read ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  progress?.clear();
  const { problems, input } = identification;
  if (values.format === 'json') io.stdout(`${JSON.stringify({ input, ...toScanResult(identification), problems }, null, 2)}\n`);
  else io.stdout(formatTable(toScanResult(identification), problems));
  return 0;
}

function usageError(io: CliIo, message: string): number {
  return reportUsageError(io, message, USAGE);
}

/** One self-overwriting stderr line, redrawn at most every 100 ms. */
function progressLine(io: CliIo): { update: (p: Progress) => void; clear: () => void } {
  let last = 0;
  return {
    update(p) {
      const now = Date.now();
      if (now - last < 100 && p.done !== p.total) return;
      last = now;
      io.stderr(`\r\x1b[K${p.stage}: ${p.done}/${p.total}`);
    },
    clear: () => io.stderr('\r\x1b[K'),
  };
}
