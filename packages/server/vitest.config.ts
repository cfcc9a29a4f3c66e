import { defineConfig } from 'vitest/config';

// Route tests start the real app on PGlite, and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
