#!/usr/bin/env -S GLIBC_TUNABLES=glibc.malloc.trim_threshold=67108864:glibc.malloc.top_pad=16777216:glibc.malloc.mmap_threshold=4194304 node --max-semi-space-size=8
// Entry point of the `binlens` command; the work is in src/main.ts (Node 24 runs .ts directly).
// V8's young generation is capped at 8 MiB per semi-space (the default grows to 32): an
// unpack allocates many short-lived buffers, and a larger young generation only raised
// peak memory (by ~60–100 MiB on a root file system), not speed.
// glibc's malloc keeps up to 64 MiB of freed memory (and grows its heap 16 MiB ahead) instead
// of handing it back at once, and maps only blocks of 4 MiB or more on their own: a scan
// allocates and frees file chunks and decoded members by the thousand, and each reuse of
// returned memory faulted its pages in again (17% of a Debian image's scan was page faults;
// the scan takes ~7% less CPU for ~50 MiB more peak memory). The C library and V8 read these
// only at start, hence the shebang (a C library other than glibc ignores GLIBC_TUNABLES).
import module from 'node:module';
import { exitIfNodeTooOld } from './node-version.js';

// Node before 24 cannot load main.ts: say so plainly before importing it.
exitIfNodeTooOld();

// Node keeps the compiled code of every module (type stripping included) in its cache
// directory (NODE_COMPILE_CACHE, else the OS temp dir): a command starts in 0.25 s
// instead of 0.6 s. Enabled before main.ts is imported, so it covers the whole CLI.
module.enableCompileCache?.();
const { main } = await import('../src/main.ts');

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

// A reader that stops early (`binlens scan x | head`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stdoutBytes: (bytes) => new Promise((resolve, reject) => process.stdout.write(bytes, (error) => (error ? reject(error) : resolve()))),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  readStdin,
  env: process.env,
  signal: controller.signal,
});
