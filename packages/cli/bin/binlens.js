#!/usr/bin/env node
// Entry point of the `binlens` command; the work is in src/main.ts (Node 24 runs .ts directly).
import { main } from '../src/main.ts';

/** Standard input is bounded: version pairs and the like, never a scan input. */
const MAX_STDIN_BYTES = 64 * 1024 * 1024;

async function readStdin() {
  const chunks = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += chunk.length;
    if (size > MAX_STDIN_BYTES) throw new Error(`standard input is larger than ${MAX_STDIN_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  readStdin,
  env: process.env,
  signal: controller.signal,
});
