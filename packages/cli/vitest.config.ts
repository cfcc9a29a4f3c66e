import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Knowledge-base tests open PGlite several times: slow on a loaded two-core machine.
  test: { name: 'cli', include: ['src/**/*.test.ts'], testTimeout: 120_000 },
});
