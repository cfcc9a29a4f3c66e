import { defineConfig } from 'vitest/config';
import { UNIT_GROUP, UNIT_WORKERS } from '../../vitest.workers.ts';

// Knowledge-base tests run on PGlite, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  // Files share a worker's modules (PGlite's compiled WebAssembly among them).
  test: { name: 'vulndb', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000, isolate: false, maxWorkers: UNIT_WORKERS, sequence: { groupOrder: UNIT_GROUP } },
});
