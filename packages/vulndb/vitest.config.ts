import { defineConfig } from 'vitest/config';
import { IN_UNIT_GROUP } from '../../vitest.workers.ts';

// Knowledge-base tests run on PGlite, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  // Files share a worker's modules (PGlite's compiled WebAssembly among them).
  test: { name: 'vulndb', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, isolate: false, ...IN_UNIT_GROUP },
});
