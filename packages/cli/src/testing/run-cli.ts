import { main } from '../main.ts';

export interface CliRun {
  code: number;
  stdout: string;
  /** What the command wrote to standard output as bytes (stdoutBytes). */
  stdoutBytes: Buffer;
  stderr: string;
}

/**
 * Runs `binlens ARGV` in-process with captured output and the given standard input. The
 * environment names a data directory that does not exist, so no knowledge base of the
 * machine's user leaks into a test.
 */
export async function runCli(argv: string[], stdin = '', env: NodeJS.ProcessEnv = { BINLENS_DATA_DIR: '/nonexistent/binlens-test' }): Promise<CliRun> {
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
