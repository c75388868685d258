import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests run the sources: the package name resolves to the public entry's source, as tsconfig's paths do.
  // (Child processes that run the CLI use the built dist/, which `npm test` builds first.)
  resolve: { alias: [{ find: /^pricecrawl$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) }] },
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
