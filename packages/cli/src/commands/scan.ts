// `binlens scan PATH`: take a file (or a directory, as one input) apart and print its
// components as native JSON, a CycloneDX (JSON or XML) or SPDX (JSON or tag-value) SBOM,
// SARIF for code scanning, or a table, or write the scan as a portable scan file; with
// --fail-on, exit 3 when a vulnerability at or above a severity is open (a CI build gate).
// Thin: parse arguments, call the engine, print (scan-output.ts).
import { type Progress, scan, writePortableScan } from '@binlens/engine';
import { type CliIo, type Command, parseCommandLine, reportUsageError } from '../command.ts';
import { LIMIT_HELP, LIMIT_OPTIONS, scanLimits } from '../limit-options.ts';
import { BUILD_GATE_HELP, exitStatusOf, failOnPrecondition, OUTPUT_HELP, OUTPUT_OPTIONS, outputSettings, PRINT_FORMATS, printIdentification } from './scan-output.ts';

const FORMATS = [...PRINT_FORMATS, 'bdba'];

const USAGE = `Usage: binlens scan PATH [--format json|cyclonedx|cyclonedx-xml|spdx|spdx-tag-value|table|sarif|bdba]
                   [--fail-on critical|high|medium|low] [--data-dir DIR]

Take PATH apart (archives, packages, compressed streams, nested) and report its components.
PATH is a file or a directory; a directory is scanned as one input (links not followed).
When a knowledge base was imported ("binlens db sync" or "binlens db import"), each
component lists its vulnerabilities; without one, the output says they were not evaluated.

Options:
  -f, --format FORMAT   json (default), cyclonedx (CycloneDX 1.6 JSON), cyclonedx-xml (CycloneDX 1.6
                        XML), spdx (SPDX 2.3 JSON), spdx-tag-value (SPDX 2.3 tag-value), table,
                        sarif (SARIF 2.1.0 for GitHub code scanning: one result per vulnerability
                        and component, located at its files; a relative PATH prefixes them, so
                        run it from the repository's root), bdba (the portable scan file, gzip:
                        redirect it to NAME.bdba; a server's upload or "binlens import" reads it
                        back without scanning again)
${OUTPUT_HELP}
${LIMIT_HELP}
  -h, --help            show this help

${BUILD_GATE_HELP}

Exit status: 0 success, 1 PATH cannot be read, 2 usage error (also --fail-on without
vulnerability data), 3 a vulnerability at or above the --fail-on severity, 130 interrupted.`;

export const scanCommand: Command = {
  name: 'scan',
  summary: 'scan PATH [--format json|cyclonedx[-xml]|spdx[-tag-value]|table|sarif|bdba] [--fail-on SEVERITY]   report the components inside PATH',
  usage: USAGE,
  run: runScan,
};

async function runScan(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv, { ...OUTPUT_OPTIONS, ...LIMIT_OPTIONS }, USAGE, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined) return usageError(io, 'missing PATH');
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`);
  if (!FORMATS.includes(values.format)) return usageError(io, `--format must be one of ${FORMATS.join(', ')}, not "${values.format}"`);
  const portable = values.format === 'bdba';
  const settings = await outputSettings(portable ? { ...values, format: 'json' } : values, io);
  if (typeof settings === 'string') return usageError(io, settings);
  const limits = scanLimits(values);
  if (typeof limits === 'string') return usageError(io, limits);
  if (portable && settings.failOn !== null) return usageError(io, '--fail-on is not for --format bdba (the portable scan file is evaluated where it is read)');
  const noData = failOnPrecondition(settings);
  if (noData !== null) return usageError(io, noData);

  const progress = io.stderrIsTTY ? progressLine(io) : undefined;
  let identification;
  try {
    identification = await scan(file, { signal: io.signal, limits }, progress?.update);
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
  if (portable) {
    // The Identification alone: whoever reads the file evaluates it against their own knowledge base.
    for await (const chunk of writePortableScan(JSON.stringify(identification), new Date())) await io.stdoutBytes(chunk as Buffer);
    return 0;
  }
  return exitStatusOf(await printIdentification(identification, settings, io, file), io, USAGE);
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
