#!/usr/bin/env node
// Runs one TypeScript file (benchmarks, fixture servers in child processes) through tsx.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
const [script, ...rest] = process.argv.slice(2);
if (!script) {
  console.error('usage: run-ts <file.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(script), ...rest];
await import(pathToFileURL(resolve(script)).href);
