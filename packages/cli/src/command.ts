// The shape every `binlens` subcommand has; main.ts lists them in COMMANDS.
import { parseArgs } from 'node:util';

export interface CliIo {
  stdout: (text: string) => void;
  /** Bytes to standard output (a portable scan file), resolved once written. */
  stdoutBytes: (bytes: Uint8Array) => Promise<void>;
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

type OptionSpecs = Record<string, { type: 'string' | 'boolean'; short?: string; default?: string | boolean }>;
type Parsed<T extends OptionSpecs> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: T & { help: { type: 'boolean'; short: 'h' } } }>>;

/**
 * Parses a subcommand's arguments with `-h/--help` added. Answers the parsed values, or
 * the exit status when the command is already done: 0 after printing help, 2 after a
 * usage error.
 */
export function parseCommandLine<T extends OptionSpecs>(argv: string[], options: T, usage: string, io: CliIo): Parsed<T> | number {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h' } } }) as Parsed<T>;
  } catch (err) {
    return reportUsageError(io, (err as Error).message, usage);
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  return parsed;
}
