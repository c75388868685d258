// Where in the project's own files an error was thrown: the first stack frame outside pricecrawl, its dependencies and Node.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from './package-root';

/** `at fn (/path/file.ts:9:30)`, `at /path/file.ts:9:30` or `at file:///path/file.js:9:30`. */
const FRAME = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * `spiders/shop.ts:9:30` (relative to `cwd` when inside it): the line of the team's code that threw, as
 * Scrapy's traceback ends on it. A summary that said only "TypeError: Cannot read properties of undefined"
 * sent the team to the log's stack to find which of their files it was. '' when no frame is the project's
 * (a throw inside a dependency with no caller of theirs on the stack, or no stack at all).
 */
export function projectFrame(error: unknown, cwd = process.cwd()): string {
  // Ours wrap the project's error (a middleware's in MiddlewareFailure) as their cause: its stack is the one that says.
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const frame = firstProjectFrame(e.stack ?? '', cwd);
    if (frame !== '') return frame;
  }
  return '';
}

function firstProjectFrame(stack: string, cwd: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (!isAbsolute(file) || file.includes(`${sep}node_modules${sep}`) || isOurs(file)) continue;
    const shown = relative(cwd, file);
    return `${shown.startsWith('..') || isAbsolute(shown) ? file : shown}:${match[2]}:${match[3]}`;
  }
  return '';
}

let ownRoot: string | null = null;

/** pricecrawl's own files (a checkout linked into node_modules shows its real path, outside any node_modules). */
function isOurs(file: string): boolean {
  ownRoot ??= realpathSync(packageRoot()) + sep;
  return file.startsWith(ownRoot);
}
