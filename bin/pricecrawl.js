#!/usr/bin/env -S node --max-old-space-size=1024
// Entry point for `npx pricecrawl`: runs the compiled CLI in dist/ (built by `npm run build`, which
// `npm install` runs through `prepare`). A project's TypeScript spiders still load without a build step:
// the CLI compiles them on import (tsx), only when it loads one.
//
// Why the heap flag on the shebang line: V8 lets the old generation grow to about 4 × the live heap
// between full collections when its heap limit is large (the default here is ~4 GB), and a crawl's
// short-lived garbage (DOMs, decoded pages) is promoted faster than it dies, so peak RSS reached
// 330–390 MB on the fast bench with ~50 MB live. A 1 GB limit makes V8 pick a growing factor of ~1.6:
// peak RSS 240–265 MB for ~0.1 ms more GC per page (bench/README.md). A crawl's live heap is small
// (the frontier lives in SQLite), so 1 GB is far from its limit. A command-line flag beats NODE_OPTIONS,
// so another limit needs `node --max-old-space-size=<MB> bin/pricecrawl.js ...`.
// The bench reads the flags from this line, so it measures what users run.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('pricecrawl: the package is not built (no dist/cli.js); run `npm run build` in its folder (npm install runs it)\n');
  process.exit(2);
}
await import(cli.href);
