// The `binlens` command line: dispatches to one file per subcommand. A subcommand's
// module (and what it imports: the engine, the knowledge base) is loaded only when
// that subcommand runs: `binlens unpack` must not pay for loading the database code.
import type { CliIo, Command } from './command.ts';

export type { CliIo } from './command.ts';

const COMMANDS: readonly { name: string; load: () => Promise<Command> }[] = [
  { name: 'db', load: async () => (await import('./commands/db.ts')).dbCommand },
  { name: 'import', load: async () => (await import('./commands/import.ts')).importCommand },
  { name: 'scan', load: async () => (await import('./commands/scan.ts')).scanCommand },
  { name: 'unpack', load: async () => (await import('./commands/unpack.ts')).unpackCommand },
  { name: 'upload', load: async () => (await import('./commands/upload.ts')).uploadCommand },
  { name: 'versions', load: async () => (await import('./commands/versions.ts')).versionsCommand },
  { name: 'worker', load: async () => (await import('./commands/worker.ts')).workerCommand },
];

/** The overall help, from every command's summary (loads them all: help only). */
export async function usage(): Promise<string> {
  const commands = await Promise.all(COMMANDS.map((command) => command.load()));
  return `Usage: binlens COMMAND [ARGS]

Commands:
${commands.map((command) => `  ${command.summary}`).join('\n')}

Run "binlens COMMAND --help" for a command's options.`;
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(`${await usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`binlens: unknown command "${name}"\n\n${await usage()}\n`);
    return 2;
  }
  return (await command.load()).run(rest, io);
}
