import { defineConfig } from 'vitest/config';
import { JOURNEY_GROUP } from '../vitest.workers.ts';

// Journeys start the real server and drive Debian's Chromium: two files side by side (each a
// server process and a browser) keep a two-core machine busy without starving either. They run
// in a group of their own, after the other projects (vitest.workers.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    sequence: { groupOrder: JOURNEY_GROUP },
  },
});
