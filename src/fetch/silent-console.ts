// Silences the console of every document and dedicated worker: each line a page writes would cross DevTools in full into the crawl's heap.

/**
 * Playwright keeps DevTools' Runtime domain on for every page and worker, so each console call of the page
 * crosses the DevTools connection with its arguments in full, and Playwright keeps the last 200 of each page
 * in the crawl's heap for as long as the page lives (a kept page serves many requests). A page that logged 12
 * lines of 8 MB took 15 s to read and kept 100 MB of the crawl's heap (measured with four pages: 25 to 438 MB
 * after a collection). Nothing of ours reads a page's console, so its logging methods do nothing; the rest
 * (`createTask`, which frameworks run their work through) stay as they are. `context()` gives another console
 * whose methods log too: it is silenced as it is made. Plain JavaScript, written on lines of its own as the
 * worker prelude it also goes into needs (worker-confinement.ts).
 */
export const SILENCE_CONSOLE = `function silenceConsole() {
  const logging = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'assert', 'count', 'countReset', 'time', 'timeLog', 'timeEnd', 'timeStamp', 'profile', 'profileEnd', 'clear'];
  const quiet = () => undefined;
  const silence = (target) => {
    if (!target) return target;
    for (const name of logging) if (typeof target[name] === 'function') target[name] = quiet;
    const context = target.context;
    if (typeof context === 'function') target.context = function () { return silence(Reflect.apply(context, this, arguments)); };
    return target;
  };
  silence(self.console);
}`;
