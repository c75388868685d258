// PostgreSQL's connection failures and write refusals, marked as a store that cannot write: the crawl stops and its work stays queued.
import type { ConnectionLoss } from './pg-lost-pool';
import { isWriteRefusal, StoreRefusedError } from './pg-write-refusals';

/**
 * Node's socket codes, postgres.js's own connection codes, and the SQLSTATEs of a server that is going or
 * gone (class 08 connection exceptions; 57P01–57P03 shutdown and "cannot connect now", 57P04 the database
 * dropped, 57P05 idle_session_timeout), that refuses a new
 * connection (class 28, the login refused: a password rotated or a role disabled mid-run; 3D000, the
 * database gone) or that lacks the resources to take the work (class 53: too many connections, disk full,
 * out of memory). None of those says anything about the request being stored: failed as its own, a
 * middleware's blob write turned every page into a permanent `engine/middleware-error` and a listing's
 * products were never planned. A statement the server refused stays what it is.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'NO_ANSWER']);
const SERVER_GONE = /^(08...|57P0[1-5]|28...|3D000|53...)$/;
/** A SQLSTATE: five characters of digits and capitals (the server's own codes, not Node's or the driver's). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The code the engine reads as a storage failure (src/engine/storage-failure.ts). */
export const STORE_UNREACHABLE = 'STORE_UNREACHABLE';

export class StoreUnreachableError extends Error {
  readonly code = STORE_UNREACHABLE;

  /** note: what a fresh login got after a cut session ("a new login is refused: 53300 …"), see pg-fresh-login.ts. */
  constructor(where: string, cause: unknown, note: string | null = null) {
    const code = (cause as { code?: unknown }).code;
    // The server's own codes mean little alone: "53300" is "sorry, too many clients already".
    const detail = typeof code === 'string' && (SQLSTATE.test(code) || code === NO_ANSWER) ? `${code} ${(cause as Error).message}` : code ?? (cause as Error).message;
    super(`${where} is unreachable (${String(detail)}${note ? `; ${note}` : ''})`, { cause });
    this.name = 'StoreUnreachableError';
  }
}

export function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (SOCKET_CODES.has(code) || DRIVER_CODES.has(code) || SERVER_GONE.test(code));
}

const NO_ANSWER = 'NO_ANSWER';

/**
 * A time limit on a pool's answers. A server stopped or stuck (SIGSTOP, a hung disk, a network path that
 * drops packets) keeps the socket open and answers nothing, and postgres.js has no limit of its own: an
 * item batch then waited for ever and the crawl hung without a word. Once one call went unanswered, later
 * ones fail at once: the crawl is stopping on the first, and its close would otherwise wait the limit again
 * for every flush.
 */
export class AnswerLimit {
  private stalled: Error | null = null;

  constructor(private readonly timeoutMs: number) {}

  /**
   * A close after a stall is started (the pool's end destroys its sockets) but not awaited: its flush would
   * wait the limit again, and failed, the pool behind it stayed open and held the process after its error.
   */
  closing(call: Promise<unknown>): Promise<unknown> {
    if (!this.stalled) return this.bound(call);
    call.catch(() => undefined);
    return Promise.resolve();
  }

  bound<T>(call: Promise<T>): Promise<T> {
    if (this.stalled) {
      call.catch(() => undefined); // its own end no longer matters
      return Promise.reject(this.stalled);
    }
    return answerWithin(call, this.timeoutMs, (stall) => void (this.stalled = stall));
  }
}

/** `call`, or a NO_ANSWER error (a connection failure) once `timeoutMs` passed without its answer; `onStall` is told first. */
export function answerWithin<T>(call: Promise<T>, timeoutMs: number, onStall: (stall: Error) => void = () => undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const stall = Object.assign(new Error(`no answer in ${timeoutMs} ms`), { code: NO_ANSWER });
      onStall(stall);
      reject(stall);
    }, timeoutMs);
    call.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The store with every promise-returning method's connection failures rethrown as StoreUnreachableError.
 * Without it a server that went away mid-run reads as a failed item write: each request was fetched again
 * until its attempts ran out, then failed, and the run ended on the driver's bare message with exit 1.
 */
export function markUnreachable<T extends object>(store: T, where: string, limit?: AnswerLimit, onConnectionLoss?: ConnectionLoss): T {
  return new Proxy(store, {
    get(target, key) {
      // The store itself as `this`, for getters and methods alike: its private fields live on it, not on the proxy.
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (isAsyncIterable(result)) return markIteration(result, where, limit, onConnectionLoss);
        if (!(result instanceof Promise)) return result;
        const limited = !limit ? result : key === 'close' ? limit.closing(result) : limit.bound(result);
        return limited.catch(marked(where, onConnectionLoss));
      };
    },
  });
}

/** `onConnectionLoss` is told each connection failure before it is rethrown, with its answer (pg-lost-pool.ts says why). */
function marked(where: string, onConnectionLoss?: ConnectionLoss): (error: unknown) => Promise<never> {
  return async (error: unknown) => {
    if (isWriteRefusal(error)) throw new StoreRefusedError(where, error);
    if (!isConnectionFailure(error)) throw error;
    const note = onConnectionLoss ? await onConnectionLoss(error) : null;
    throw new StoreUnreachableError(where, error, note);
  };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

/**
 * A store's stream (iterateItems, read page by page at the run's end by the catalog update, the report and
 * exports) returns no promise, so the proxy above let it through: a server stopped mid-iteration left the
 * next page's query waiting for ever, and the run's end or `pricecrawl export` hung without a word. Each
 * step is now bounded and marked like a call. An early stop is passed on, unawaited after a stall: the
 * generator is still inside its unanswered query, and its return would wait for that.
 */
function markIteration<T>(source: AsyncIterable<T>, where: string, limit?: AnswerLimit, onConnectionLoss?: ConnectionLoss): AsyncIterableIterator<T> {
  const inner = source[Symbol.asyncIterator]();
  const done = (): IteratorResult<T> => ({ done: true, value: undefined });
  const iterator: AsyncIterableIterator<T> = {
    next: () => {
      const step = inner.next();
      return (limit ? limit.bound(step) : step).catch(marked(where, onConnectionLoss));
    },
    return: async () => {
      if (!inner.return) return done();
      await (limit ? limit.closing(inner.return()) : inner.return()).catch(marked(where, onConnectionLoss));
      return done();
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
