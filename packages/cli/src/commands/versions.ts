// `binlens versions compare ECOSYSTEM`: reads lines "A B" on standard input and prints
// <, = or > per line, so users can see how Binlens orders the versions of a match.
import { runVersionsCompare } from '@binlens/vulndb';
import { type CliIo, type Command, reportUsageError } from '../command.ts';

const USAGE = `Usage: binlens versions compare ECOSYSTEM < PAIRS

Reads lines "A B" on standard input and prints "<", "=" or ">" per line: how A orders
against B under the version rules of ECOSYSTEM, named as OSV names it (Debian, Alpine,
PyPI, Maven, npm, Go, RubyGems, NuGet, Packagist, crates.io, Red Hat, generic, ...).

Exit status: 0 success, 1 a malformed line, 2 usage error or unknown ecosystem.`;

export const versionsCommand: Command = {
  name: 'versions',
  summary: 'versions compare ECOSYSTEM           order version pairs read on standard input',
  usage: USAGE,
  run: runVersions,
};

async function runVersions(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('-h') || argv.includes('--help')) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const [action, ecosystem, ...extra] = argv;
  if (action !== 'compare') return reportUsageError(io, action ? `unknown action "${action}"` : 'missing action', USAGE);
  if (!ecosystem) return reportUsageError(io, 'missing ECOSYSTEM', USAGE);
  if (extra.length > 0) return reportUsageError(io, `unexpected argument "${extra[0]}"`, USAGE);
  const { output, exitCode } = runVersionsCompare(ecosystem, await io.readStdin());
  (exitCode === 2 ? io.stderr : io.stdout)(output.endsWith('\n') || output === '' ? output : `${output}\n`);
  return exitCode;
}
