// `binlens import FILE.bdba`: read a portable scan file (written by `binlens scan --format bdba`
// or a server's GET /rest/scans/{id}/dotbdba/) and print the scan it holds as `binlens scan`
// would have printed it, evaluated against the local knowledge base now. Thin: parse
// arguments, call the engine's reader, print (scan-output.ts).
import { createReadStream } from 'node:fs';
import { PortableScanError, readPortableScan } from '@binlens/engine';
import { type CliIo, type Command, parseCommandLine, reportUsageError } from '../command.ts';
import { BUILD_GATE_HELP, exitStatusOf, failOnPrecondition, OUTPUT_HELP, OUTPUT_OPTIONS, outputSettings, printIdentification } from './scan-output.ts';

const USAGE = `Usage: binlens import FILE [--format json|cyclonedx|cyclonedx-xml|spdx|spdx-tag-value|table|sarif]
                     [--fail-on critical|high|medium|low] [--data-dir DIR]

Read the portable scan file FILE (.bdba) and report the scan it holds, without scanning again:
the same output as "binlens scan", its vulnerabilities evaluated against the local knowledge
base now.

Options:
  -f, --format FORMAT   json (default), cyclonedx (CycloneDX 1.6 JSON), cyclonedx-xml (CycloneDX 1.6
                        XML), spdx (SPDX 2.3 JSON), spdx-tag-value (SPDX 2.3 tag-value), table,
                        sarif (SARIF 2.1.0 for GitHub code scanning; locations inside the
                        scanned input)
${OUTPUT_HELP}
  -h, --help            show this help

${BUILD_GATE_HELP}

Exit status: 0 success, 1 FILE cannot be read or is not a valid portable scan file, 2 usage
error (also --fail-on without vulnerability data), 3 a vulnerability at or above the
--fail-on severity.`;

export const importCommand: Command = {
  name: 'import',
  summary: 'import FILE.bdba [--format json|cyclonedx[-xml]|spdx[-tag-value]|table|sarif]   report the scan a portable scan file holds',
  usage: USAGE,
  run: runImport,
};

async function runImport(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv, OUTPUT_OPTIONS, USAGE, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined) return reportUsageError(io, 'missing FILE', USAGE);
  if (extra.length > 0) return reportUsageError(io, `unexpected argument "${extra[0]}"`, USAGE);
  const settings = await outputSettings(values, io);
  if (typeof settings === 'string') return reportUsageError(io, settings, USAGE);
  const noData = failOnPrecondition(settings);
  if (noData !== null) return reportUsageError(io, noData, USAGE);
  let identification;
  try {
    ({ identification } = await readPortableScan(createReadStream(file), io.signal ? { signal: io.signal } : {}));
  } catch (err) {
    if (io.signal?.aborted) {
      io.stderr('binlens: interrupted\n');
      return 130;
    }
    const what = err instanceof PortableScanError ? 'is not a valid portable scan file' : 'cannot be read';
    io.stderr(`binlens: ${file} ${what}: ${(err as Error).message}\n`);
    return 1;
  }
  return exitStatusOf(await printIdentification(identification, settings, io), io, USAGE);
}
