import { defineConfig } from 'vitest/config';
import { COMPUTE_WORKERS, LongestFirstSequencer } from './vitest.workers.ts';

// One project per package, and one for the workspace's scripts; `npm test` runs them all,
// `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: ['packages/engine', 'packages/vulndb', 'packages/cli', 'packages/server', 'packages/web', 'e2e', 'scripts'],
    // vitest.workers.ts: server, web and CLI files run more side by side (their own group);
    // the journeys go two at a time (e2e/vitest.config.ts). Known long files start first.
    maxWorkers: COMPUTE_WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
