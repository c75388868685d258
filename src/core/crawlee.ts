// Crawlee's runtime classes, required as CommonJS (types still come from `import type ... from '@crawlee/core'`).
//
// Why not `import { AutoscaledPool } from '@crawlee/core'`: Crawlee ships CommonJS behind an ESM wrapper,
// and an ES import of CommonJS makes Node lex every re-exported file for its named exports
// (cjs-module-lexer): ~130 ms of CPU on every start, about a third of loading Crawlee (bench/README.md,
// start-up). `require` reaches the same module instances (Node keeps one CommonJS cache), so classes and
// `instanceof` agree with code that imports Crawlee the ES way.
import { createRequire } from 'node:module';
import type * as CrawleeCore from '@crawlee/core';
import type * as CrawleeMemoryStorage from '@crawlee/memory-storage';

const require = createRequire(import.meta.url);

export const crawleeCore = require('@crawlee/core') as typeof CrawleeCore;
export const crawleeMemoryStorage = require('@crawlee/memory-storage') as typeof CrawleeMemoryStorage;
