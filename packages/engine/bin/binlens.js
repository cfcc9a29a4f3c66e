#!/usr/bin/env node
// Entry point of the `binlens` command; the work is in src/cli/main.ts (Node 24 runs .ts directly).
import { main } from '../src/cli/main.ts';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  signal: controller.signal,
});
