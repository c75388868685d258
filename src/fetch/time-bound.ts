// Playwright calls such as newPage() and close() take no timeout: this bounds them, so a wedged browser fails a request instead of hanging the crawl.

/** Thrown when `work` has not settled in time; `work` keeps running, and its late result is handed to `onLate`. */
export class TimeBoundExceeded extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = 'TimeBoundExceeded';
  }
}

/**
 * `work`, or a TimeBoundExceeded rejection after `ms`. A result that arrives too late goes to `onLate`
 * (e.g. to close a page nobody will use).
 */
export function withinTime<T>(work: Promise<T>, ms: number, what: string, onLate: (value: T) => void = () => undefined): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      late = true;
      reject(new TimeBoundExceeded(what, ms));
    }, ms);
  });
  work.then(
    (value) => late && onLate(value),
    () => undefined,
  );
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
