import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Fuzz and fixture tests are bounded by input count, not time; the timeout only has to
  // catch a hang, with room for a loaded two-core machine.
  test: { name: 'engine', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
});
