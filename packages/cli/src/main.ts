// The `binlens` command line: dispatches to one file per subcommand.
import type { CliIo, Command } from './command.ts';
import { dbCommand } from './commands/db.ts';
import { scanCommand } from './commands/scan.ts';
import { unpackCommand } from './commands/unpack.ts';
import { versionsCommand } from './commands/versions.ts';

export type { CliIo } from './command.ts';

const COMMANDS: readonly Command[] = [dbCommand, scanCommand, unpackCommand, versionsCommand];

export const USAGE = `Usage: binlens COMMAND [ARGS]

Commands:
${COMMANDS.map((command) => `  ${command.summary}`).join('\n')}

Run "binlens COMMAND --help" for a command's options.`;

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`binlens: unknown command "${name}"\n\n${USAGE}\n`);
    return 2;
  }
  return command.run(rest, io);
}
