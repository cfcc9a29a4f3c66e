import { IN_UNIT_GROUP } from '../../vitest.workers.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Knowledge-base tests open PGlite several times: slow on a loaded two-core machine. Files
  // share a worker's modules (the engine, PGlite's compiled WebAssembly); every run of the CLI
  // is in-process with its own output and data directory (testing/run-cli.ts).
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    isolate: false,
    ...IN_UNIT_GROUP,
  },
});
