import { main } from '../main.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `binlens ARGV` in-process with captured output and the given standard input. */
export async function runCli(argv: string[], stdin = ''): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stderrIsTTY: false,
    readStdin: async () => stdin,
  });
  return { code, stdout, stderr };
}
