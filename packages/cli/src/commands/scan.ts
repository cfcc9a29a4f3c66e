// `binlens scan PATH`: take a file (or a directory, as one input) apart and print its
// components as native JSON, a CycloneDX or SPDX SBOM, or a table. Thin: parse
// arguments, call the engine, print.
import { type Progress, findSbomWriter, scan, toScanResult } from '@binlens/engine';
import { defaultDataDir, evaluateWithLocalKnowledgeBase, withVulns } from '@binlens/vulndb';
import { type CliIo, type Command, parseCommandLine, reportUsageError } from '../command.ts';
import { formatTable } from '../table.ts';

const FORMATS = ['json', 'cyclonedx', 'spdx', 'table'];

const USAGE = `Usage: binlens scan PATH [--format json|cyclonedx|spdx|table] [--data-dir DIR]

Take PATH apart (archives, packages, compressed streams, nested) and report its components.
PATH is a file or a directory; a directory is scanned as one input (links not followed).
When a knowledge base was imported ("binlens db import"), each component lists its
vulnerabilities.

Options:
  -f, --format FORMAT   json (default), cyclonedx (CycloneDX 1.6 JSON), spdx (SPDX 2.3 JSON), table
  --data-dir DIR        where the knowledge base is (DIR/kb); default $BINLENS_DATA_DIR,
                        else $XDG_CACHE_HOME/binlens, else ~/.cache/binlens
  -h, --help            show this help

Exit status: 0 success, 1 PATH cannot be read, 2 usage error, 130 interrupted.`;

export const scanCommand: Command = {
  name: 'scan',
  summary: 'scan PATH [--format json|cyclonedx|spdx|table]   report the components inside PATH',
  usage: USAGE,
  run: runScan,
};

async function runScan(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv, { format: { type: 'string', short: 'f', default: 'json' }, 'data-dir': { type: 'string' } }, USAGE, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined) return usageError(io, 'missing PATH');
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`);
  if (!FORMATS.includes(values.format)) return usageError(io, `--format must be one of ${FORMATS.join(', ')}, not "${values.format}"`);

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
  const writer = findSbomWriter(values.format);
  if (writer) {
    io.stdout(writer.write(identification));
    return 0;
  }
  const evaluation = await evaluateWithLocalKnowledgeBase(identification, values['data-dir'] ?? defaultDataDir(io.env));
  const result = evaluation ? withVulns(toScanResult(identification), evaluation) : toScanResult(identification);
  if (values.format === 'json') io.stdout(`${JSON.stringify({ input, ...result, problems }, null, 2)}\n`);
  else io.stdout(formatTable(result, problems, evaluation !== null));
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
