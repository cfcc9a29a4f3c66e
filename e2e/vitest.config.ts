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
    // A worker runs its journey files one after another with one Chromium (support/browser.ts)
    // and imports Playwright once, instead of a new process and browser per file.
    isolate: false,
    // A page on a loaded two-core machine can take seconds to fetch and draw what a journey
    // waits for (1 s by default): an assertion still fails when its value never comes.
    expect: { poll: { timeout: 15_000 } },
    sequence: { groupOrder: JOURNEY_GROUP },
  },
});
