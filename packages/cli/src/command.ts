// The shape every `binlens` subcommand has; main.ts lists them in COMMANDS.

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Live progress is drawn only on a terminal. */
  stderrIsTTY: boolean;
  /** Standard input, read whole (bounded) by commands that take data on it. */
  readStdin: () => Promise<string>;
  /** The environment the command sees (configuration such as BINLENS_DATA_DIR). */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

export interface Command {
  name: string;
  /** One line for `binlens --help`. */
  summary: string;
  usage: string;
  /** Returns the exit status: 0 success, 1 failure, 2 usage error. */
  run: (argv: string[], io: CliIo) => Promise<number>;
}

export function reportUsageError(io: CliIo, message: string, usage: string): number {
  io.stderr(`binlens: ${message}\n\n${usage}\n`);
  return 2;
}
