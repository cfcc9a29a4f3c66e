import { defineConfig } from 'vitest/config';

// One project per package, and one for the workspace's scripts; `npm test` runs them all,
// `--project NAME` runs one.
export default defineConfig({
  test: {
    projects: ['packages/engine', 'packages/vulndb', 'packages/cli', 'packages/server', 'packages/web', 'e2e', 'scripts'],
  },
});
