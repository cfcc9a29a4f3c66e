// `npm test`'s checks (lint, typecheck, build) side by side: each is one process that keeps one
// core busy, so on two cores they take about as long as the longest instead of their sum. Each
// command's output is printed whole when it ends, so the logs do not interleave; the run fails
// when any command fails, after all have ended.
// Usage: node scripts/run-together.ts 'npm run lint' 'npm run typecheck' ...
import { spawn } from 'node:child_process';

export interface Outcome {
  command: string;
  status: number;
  output: string;
  seconds: number;
}

/** Runs each command in a shell at the same time; the outcomes in the order given. */
export function runTogether(commands: readonly string[], cwd = process.cwd()): Promise<Outcome[]> {
  return Promise.all(commands.map((command) => runOne(command, cwd)));
}

function runOne(command: string, cwd: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, { cwd, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (status: number, extra = '') =>
      done({ command, status, output: Buffer.concat(chunks).toString('utf8') + extra, seconds: (performance.now() - started) / 1000 });
    child.once('error', (error) => finish(127, `${error.message}\n`));
    // A command killed by a signal has no exit status: it failed.
    child.once('close', (code) => finish(code ?? 1));
  });
}

/** What is printed for one outcome: a header line, then its output. */
export function report(outcome: Outcome): string {
  const verdict = outcome.status === 0 ? 'passed' : `failed (exit ${outcome.status})`;
  const body = outcome.output === '' || outcome.output.endsWith('\n') ? outcome.output : `${outcome.output}\n`;
  return `\n== ${outcome.command}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n${body}`;
}

if (import.meta.main) {
  const commands = process.argv.slice(2);
  if (commands.length === 0) {
    process.stderr.write('usage: node scripts/run-together.ts <command>...\n');
    process.exit(2);
  }
  const outcomes = await runTogether(commands);
  for (const outcome of outcomes) process.stdout.write(report(outcome));
  const failed = outcomes.filter((outcome) => outcome.status !== 0);
  if (failed.length > 0) {
    process.stderr.write(`\n${failed.map((outcome) => outcome.command).join(', ')} failed\n`);
    process.exitCode = 1;
  }
}
