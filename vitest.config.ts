import { defineConfig } from 'vitest/config';
import { COMPUTE_WORKERS, LongestFirstSequencer } from './vitest.workers.ts';

// One project per package, and one for the workspace's scripts; `npm test` runs them all,
// `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: ['packages/engine', 'packages/vulndb', 'packages/cli', 'packages/server', 'packages/web', 'e2e', 'scripts'],
    // vitest.workers.ts: the packages' files run as one group, more side by side than there are
    // cores; the journeys go two at a time after them (e2e/vitest.config.ts). Known long files
    // start first.
    maxWorkers: COMPUTE_WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
  },
});
