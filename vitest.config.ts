import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per package, and one for the workspace's scripts; `npm test` runs them all,
// `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: ['packages/engine', 'packages/vulndb', 'packages/cli', 'packages/server', 'packages/web', 'e2e', 'scripts'],
    // Vitest's default leaves one core idle (cores - 1): on a two-core machine, one test file at
    // a time. Most files wait on a database or a worker thread as much as they compute, so at
    // least two run side by side; the journeys still go one at a time (e2e/vitest.config.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
