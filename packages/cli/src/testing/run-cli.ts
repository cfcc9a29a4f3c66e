import { main } from '../main.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A run whose command writes bytes to standard output (stdoutBytes), e.g. `--format bdba`. */
export interface BinaryCliRun extends CliRun {
  stdoutBytes: Buffer;
}

/**
 * Runs `binlens ARGV` in-process with captured output and the given standard input. The
 * environment names a data directory that does not exist, so no knowledge base of the
 * machine's user leaks into a test.
 */
export async function runCli(argv: string[], stdin = '', env: NodeJS.ProcessEnv = { BINLENS_DATA_DIR: '/nonexistent/binlens-test' }): Promise<CliRun> {
  const { stdoutBytes, ...run } = await runCliBytes(argv, stdin, env);
  // A command writes text or bytes (a large JSON goes out as UTF-8 chunks): the bytes as text.
  return { ...run, stdout: run.stdout + stdoutBytes.toString('utf8') };
}

/** runCli, with the bytes the command wrote to standard output. */
export async function runCliBytes(argv: string[], stdin = '', env: NodeJS.ProcessEnv = { BINLENS_DATA_DIR: '/nonexistent/binlens-test' }): Promise<BinaryCliRun> {
  let stdout = '';
  let stderr = '';
  const bytes: Uint8Array[] = [];
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stdoutBytes: async (chunk) => void bytes.push(chunk),
    stderr: (text) => (stderr += text),
    stderrIsTTY: false,
    readStdin: async () => stdin,
    env,
  });
  return { code, stdout, stdoutBytes: Buffer.concat(bytes), stderr };
}
