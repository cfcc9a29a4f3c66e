import { IN_UNIT_GROUP } from '../../vitest.workers.ts';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
      css: false,
      // One jsdom per worker instead of one per file (8 s instead of 50 s here): the setup file
      // resets what tests share (DOM, handlers, stores, cookies, URL) after every test.
      isolate: false,
      ...IN_UNIT_GROUP,
      // A page test drives whole forms through userEvent in jsdom; with four files side by side
      // on two cores the longest take 5-6 s, past Vitest's default of 5 s.
      testTimeout: 20_000,
    },
  }),
);
