// Silences the console of every document and dedicated worker: each line a page writes, or error it leaves uncaught, crossed DevTools in full into the crawl's heap.

/**
 * Playwright keeps DevTools' Runtime domain on for every page and worker, so each console call of the page
 * crosses the DevTools connection with its arguments in full, and Playwright keeps the last 200 of each page
 * in the crawl's heap for as long as the page lives (a kept page serves many requests). A page that logged 12
 * lines of 8 MB took 15 s to read and kept 100 MB of the crawl's heap (measured with four pages: 25 to 438 MB
 * after a collection); one that threw 12 errors of 8 MB timed out (30 s) on every try. Nothing of ours reads a
 * page's console, so:
 * - its logging methods do nothing; the rest (`createTask`, which frameworks run their work through) stay.
 *   `context()` gives another console whose methods log too: it is silenced as it is made.
 * - an uncaught error or unhandled rejection is cancelled before it is reported (the first listener of the
 *   global, capturing: the page's own listeners still see it, as cancelled). Not a worker's uncaught error: cancelled,
 *   it would never reach the page's `Worker` object, whose `onerror` may be what the page acts on.
 * Plain JavaScript, on lines of its own as the worker prelude it also goes into needs (worker-confinement.ts);
 * it calls only what it took before any page code ran.
 */
export const SILENCE_CONSOLE = `function silenceConsole() {
  const apply = Reflect.apply, prevent = Event.prototype.preventDefault, listen = EventTarget.prototype.addEventListener;
  const logging = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'assert', 'count', 'countReset', 'time', 'timeLog', 'timeEnd', 'timeStamp', 'profile', 'profileEnd', 'clear'];
  const quiet = () => undefined;
  const silence = (target) => {
    if (!target) return target;
    for (const name of logging) if (typeof target[name] === 'function') target[name] = quiet;
    const context = target.context;
    if (typeof context === 'function') target.context = function () { return silence(apply(context, this, arguments)); };
    return target;
  };
  silence(self.console);
  const unreported = (event) => { if (event.target === self) apply(prevent, event, []); };
  apply(listen, self, ['unhandledrejection', unreported, true]);
  if (self.document) apply(listen, self, ['error', unreported, true]);
}`;
