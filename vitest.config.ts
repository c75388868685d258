import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Chromium takes a core per page load: the browser tests run after the rest, one file at a time,
    // so they never squeeze the server-measured politeness tests on a 2-core CI machine.
    projects: [
      { extends: true, test: { name: 'core', include: ['test/**/*.test.ts'], exclude: ['test/browser/**'], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'browser', include: ['test/browser/**/*.test.ts'], fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
