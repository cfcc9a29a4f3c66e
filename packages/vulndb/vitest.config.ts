import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'vulndb', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
