// Work lost to errors in the project's own code (a callback, an errback, a downloader middleware, an item stage, an extension that threw), counted per component.
import { projectFrame } from '../core/code-location';
import type { Stats } from './stats';

/** Which kind of component threw. */
export type CodeErrorKind = 'callback' | 'errback' | 'middleware' | 'spider-middleware' | 'stage' | 'extension';

/** One component's errors in a run: how often it threw, and the first error with the URL it threw on. */
export interface CodeErrorFacts {
  /** Requests failed (callback, middleware), items dropped (stage) or events not handled (extension) because it threw. */
  count: number;
  /** The first error's message, its first line cut short; the project's text, so surfaces make it safe. */
  firstMessage: string;
  /** The page it threw on; '' when the event it failed on names none (an extension on `spider.opened`). */
  firstUrl: string;
  /** The line of the project's code it threw at (`spiders/shop.ts:9:30`); '' or absent when none is known. */
  firstAt?: string;
}

// `code-errors/<kind>/<name>` counts (summed over processes); the note under the same key holds the first
// error as JSON, so one key carries both and the processes' merge keeps whichever arrived first.
const PREFIX = 'code-errors/';
const MESSAGE_CHARS = 200;

/**
 * `kind` `name` threw `error` on `url`. A throw here is a bug of ours (the team's), not the page's answer:
 * the run goes on without that page or item, but it must not end looking clean (run-losses.ts, exit 4).
 */
export function noteCodeError(stats: Stats, kind: CodeErrorKind, name: string, error: unknown, url: string): void {
  const key = `${PREFIX}${kind}/${name}`;
  stats.inc(key);
  stats.note(key, JSON.stringify({ message: firstLine(error), url, at: projectFrame(error) }));
}

/** The run's code errors keyed `<kind>/<name>` (`callback/parseProduct`, `stage/normalize`), for the summary. */
export function codeErrors(stats: Stats): Record<string, CodeErrorFacts> {
  const notes = stats.notesByPrefix(PREFIX);
  const out: Record<string, CodeErrorFacts> = {};
  for (const [key, count] of Object.entries(stats.byPrefix(PREFIX))) {
    const first = parseNote(notes[key]);
    out[key] = { count, firstMessage: first.message, firstUrl: first.url, firstAt: first.at };
  }
  return out;
}

function firstLine(error: unknown): string {
  // Our own errors (a MiddlewareFailure names the middleware and its hook) say enough; a project's throw
  // keeps its class name (`TypeError: Cannot read properties of null`), the quickest clue to the bug.
  const ours = error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
  const text = error instanceof Error ? (ours ? error.message : `${error.name}: ${error.message}`) : String(error);
  const line = text.split(/\r?\n/, 1)[0];
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS)}…` : line;
}

function parseNote(note: string | undefined): { message: string; url: string; at: string } {
  try {
    const parsed = JSON.parse(note ?? '') as { message?: unknown; url?: unknown; at?: unknown };
    return { message: String(parsed.message ?? ''), url: String(parsed.url ?? ''), at: String(parsed.at ?? '') };
  } catch {
    return { message: '', url: '', at: '' };
  }
}
