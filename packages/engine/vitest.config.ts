import { defineConfig } from 'vitest/config';
import { IN_UNIT_GROUP } from '../../vitest.workers.ts';

export default defineConfig({
  // Fuzz and fixture tests are bounded by input count, not time; the timeout only has to
  // catch a hang, with room for a loaded two-core machine.
  // Files share a worker's modules (the signature automaton and licence index, built once per
  // process): each file no longer pays the engine's import.
  test: { name: 'engine', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000, isolate: false, ...IN_UNIT_GROUP },
});
