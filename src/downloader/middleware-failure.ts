// A downloader middleware that threw, or answered outside its hook's contract: named with the hook, so the log says whose code to fix.
import { PricecrawlError } from '../core/errors';
import type { DownloaderMiddleware } from './middleware';

export type MiddlewareHook = 'processRequest' | 'processResponse' | 'processError';

/** The outcome types each hook may return (middleware.ts: RequestOutcome, ResponseOutcome, ErrorOutcome). */
const OUTCOMES: Record<MiddlewareHook, readonly string[]> = {
  processRequest: ['continue', 'respond', 'retry', 'defer', 'fail'],
  processResponse: ['accept', 'retry', 'defer', 'fail', 'follow'],
  processError: ['continue', 'respond', 'retry', 'defer', 'fail'],
};

export class MiddlewareFailure extends PricecrawlError {
  constructor(
    readonly middleware: string,
    readonly hook: MiddlewareHook,
    message: string,
    cause?: unknown,
  ) {
    super('MIDDLEWARE_FAILED', `middleware "${middleware}" ${hook}: ${message}`, { cause });
  }
}

/**
 * Runs one hook of `middleware`. A throw, or an outcome the engine cannot act on (a type the hook may not
 * return, a fail without a reason, a respond without a response), becomes a MiddlewareFailure: acting on
 * it would read fields that are not there, and the request would stay in flight for ever.
 */
export async function callHook<T extends { type: string }>(
  middleware: DownloaderMiddleware,
  hook: MiddlewareHook,
  call: () => Promise<T | undefined | void> | T | undefined | void,
  /** The outcome a hook that returns nothing means (processRequest: carry on); without one, nothing is a broken contract. */
  whenNothing?: T,
): Promise<T> {
  let outcome: unknown;
  try {
    outcome = (await call()) ?? whenNothing;
  } catch (error) {
    throw new MiddlewareFailure(middleware.name, hook, `threw ${error instanceof Error ? error.message : String(error)}`, error);
  }
  const problem = outcomeProblem(hook, outcome);
  if (problem !== null) throw new MiddlewareFailure(middleware.name, hook, `returned ${shown(outcome)}: ${problem}`);
  return outcome as T;
}

function outcomeProblem(hook: MiddlewareHook, outcome: unknown): string | null {
  const allowed = OUTCOMES[hook];
  const type = typeof outcome === 'object' && outcome !== null ? (outcome as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !allowed.includes(type)) return `an outcome of ${hook} has type ${allowed.join(', ')} (CONTINUE, accept(), fail() from 'pricecrawl')`;
  const { reason, response, untilMs } = outcome as { reason?: unknown; response?: unknown; untilMs?: unknown };
  if ((type === 'respond' || type === 'accept') && typeof (response as { status?: unknown } | undefined)?.status !== 'number') return `a ${type} outcome carries the response`;
  if ((type === 'fail' || type === 'retry' || type === 'defer' || type === 'follow') && (typeof reason !== 'string' || reason === '')) return `a ${type} outcome carries a reason code (e.g. "team/blocked")`;
  if (type === 'follow' && typeof (outcome as { url?: unknown }).url !== 'string') return 'a follow outcome carries the url to fetch';
  if (type === 'defer' && (typeof untilMs !== 'number' || !Number.isFinite(untilMs))) return 'a defer outcome carries untilMs, an epoch ms';
  return null;
}

/** The value as the log shows it: JSON where it has one, cut to a readable length. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
