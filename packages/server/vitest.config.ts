import { IN_UNIT_GROUP } from '../../vitest.workers.ts';
import { defineConfig } from 'vitest/config';

// Route tests start the real app on PGlite, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files share a worker's modules (Fastify, drizzle, PGlite's compiled WebAssembly, the
    // migrated template): each test file still builds its own app on its own database.
    isolate: false,
    ...IN_UNIT_GROUP,
  },
});
