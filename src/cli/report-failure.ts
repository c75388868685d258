// A command that failed: one clear line (or the stack with --debug), the exit code its error means, and no process left hanging.
import { exitCodeOfError } from '../core/errors';
import { nativeModuleHint } from './native-module-hint';
import { shownText } from './terminal-text';

/** After a failed command, how long anything left open may hold the process before it exits anyway. */
const FAILED_EXIT_GRACE_MS = 10_000;
/** After a store that stopped answering: time for the logs' last lines to be written. */
const STALLED_EXIT_GRACE_MS = 500;

/** Reports what a command threw on stderr and sets the exit code its kind of error means. */
export function reportCommandFailure(error: unknown): void {
  const debug = process.argv.includes('--debug');
  // A driver's error may quote its connection URL, password and all; a fetch error may quote what a
  // server sent (an invalid Location with C1 controls or bidi overrides in it): masked, then made safe.
  const shown = (text: string) => process.stderr.write(`pricecrawl: ${shownText(text)}\n`);
  // --debug shows more, never another exit code: a refused start (PricecrawlError) is 2 either way.
  const nativeHint = nativeModuleHint(error);
  if (nativeHint !== null) shown(nativeHint);
  if (!debug && nativeHint === null) shown(String((error as Error)?.message ?? error));
  else if (debug) shown(error instanceof Error ? withCauses(error) : String(error));
  // A store that cannot open is a refused start, as an unwritable storage dir is.
  process.exitCode = nativeHint !== null ? 2 : exitCodeOfError(error);
  exitSoonIfHeld(error);
}

/** The stack, and each cause's below it (what a spider file threw while it was imported). */
function withCauses(error: Error): string {
  let text = error.stack ?? error.message;
  for (let cause = error.cause, depth = 0; cause !== undefined && depth < 5; cause = cause instanceof Error ? cause.cause : undefined, depth++) {
    text += `\ncaused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`;
  }
  return text;
}

/**
 * A command that failed has closed what it opened; should anything still hold the event loop (a client's
 * socket or timer nobody closed), the process would print its error and never end, and a scheduler or CI
 * job would wait for it forever. Unref'd: a process that is free ends at once, as it should.
 */
function exitSoonIfHeld(error: unknown): void {
  if (storeStalled(error)) {
    setTimeout(() => process.exit(), STALLED_EXIT_GRACE_MS).unref();
    return;
  }
  setTimeout(() => {
    process.stderr.write('pricecrawl: something stayed open after the error; exiting anyway\n');
    process.exit();
  }, FAILED_EXIT_GRACE_MS).unref();
}

/**
 * A PostgreSQL store that stopped answering (NO_ANSWER, storage/postgres/pg-unreachable.ts) holds the process
 * with sockets the driver closed politely and the server never closes its side: what holds it is known, the
 * refusal line said why, so it ends once the logs are out instead of a generic line 10 s later.
 */
function storeStalled(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    if ((at as { code?: unknown }).code === 'NO_ANSWER') return true;
  }
  return false;
}
