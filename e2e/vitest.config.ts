import { defineConfig } from 'vitest/config';

// Journeys start the real server and drive Debian's Chromium; one file at a time keeps two cores calm.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
