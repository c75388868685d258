// Takes the transports no route sees out of every dedicated worker (and silences its console) before any of the worker's own code runs.
import type { DevToolsSession } from './frame-sessions';
import { SILENCE_CONSOLE } from './silent-console';
import { admittingWorkerPolicy, WORKER_POLICY } from './worker-policy-csp';
import { answerRewritten, type PausedAnswer } from './rewritten-response';

/**
 * No init script runs in a dedicated worker, so a worker kept the transports taken out of its page: its
 * WebTransport sent QUIC to any host under every setting, and under `offsiteSubresources: block` its WebSocket
 * reached any host (routeWebSocket shims only the page's class). Deleting them from the paused worker over
 * DevTools lost the race to Playwright's own resume (measured), so every worker starts from a script that
 * begins with the deletion (the prelude):
 * - in every document (an init script) and in every worker (the prelude itself) `Worker` is replaced: a worker
 *   of an http(s) URL is started with a fragment that marks it and its kind, and its response is rewritten
 *   where the page's DevTools session pauses it (`confineWorkerResponse`); a blob: or data: worker never
 *   passes the network, so its script is read at once and started again with the prelude in front.
 * - a classic script gets the prelude as its first statement (after a 'use strict' it keeps in force, on the
 *   same line: line numbers stay); a module gets it as its first static import, evaluated before any other.
 * - the worker's `location` reads as without the mark; its `import.meta.url` and stack traces still show it.
 * A script that cannot be read or rewritten is not started as it was: the worker fails instead.
 * Under Trusted Types (`require-trusted-types-for 'script'`) a worker's URL must be a TrustedScriptURL: the
 * page's policy vouched for the URL it gave, and the one started (marked, or the prelude's blob) is vouched for
 * by a policy of ours. Before, Chromium refused the plain string and every worker of such a page threw,
 * which then showed the price it had before its worker's. A document makes that policy as it starts, before
 * a `<meta>` CSP naming the page's own policies can refuse it; a header's `trusted-types` gets its name
 * (worker-policy-csp.ts). A worker makes it at its first nested worker (one from a blob or data: URL runs
 * under its creator's CSP, and making it at once would report a violation there for nothing).
 * Where our name is refused still (a header's list on a chunked or coded document, which is not answered anew:
 * rewritten-response.ts), the page's own latest policy with a `createScriptURL` vouches: every policy the page
 * makes gets a `createScriptURL` that hands our URL through while we call it (no page code runs meanwhile) and
 * runs the page's own rule on anything else. Before, every worker of such a page threw, and the page was read
 * with the price it showed before its worker's.
 */
const MARK = 'pricecrawl-worker-';

/**
 * Makes the function that writes the script a worker of `kind` starts from: `text` with `prelude` run before any
 * of it. Plain JavaScript: it runs in pages too, where it calls only what it took when it was made (before any
 * page code), so a page that replaced `RegExp.prototype.exec` or `JSON.stringify` cannot move the prelude.
 */
const PRELUDE_WRITER = `function preludeWriter() {
  const apply = Reflect.apply, exec = RegExp.prototype.exec, slice = String.prototype.slice, stringify = JSON.stringify, encode = encodeURIComponent;
  const hashbang = /^#![^\\n]*\\n?/, useStrict = /^(?:\\s|\\/\\/[^\\n]*|\\/\\*[\\s\\S]*?\\*\\/)*(['"])use strict\\1/;
  return function withPrelude(prelude, kind, source) {
    const text = '' + source;
    if (kind === 'module') return 'import ' + apply(stringify, null, ['data:text/javascript,' + apply(encode, null, [prelude])]) + ';' + text;
    const head = apply(exec, hashbang, [text]);
    const first = head === null ? '' : head[0];
    const rest = apply(slice, text, [first.length]);
    return first + (apply(exec, useStrict, [rest]) === null ? '' : "'use strict';") + prelude + rest;
  };
}`;

/** Source written on lines of its own (no line comments, every statement ended by `;` or a block) as one line: the worker's line numbers stay. */
function oneLine(source: string): string {
  return source.replace(/\n\s*/g, ' ');
}

/** The console's silencing (silent-console.ts), on one line: the document and every worker run it first. */
const SILENT = oneLine(SILENCE_CONSOLE);

/**
 * Silences the console (`silenceConsole`), deletes `removed` from the global scope it runs in and replaces its
 * `Worker` by one that starts every worker confined (`inWorkers` deleted there, its console silenced). It runs
 * before any page or worker code, and the new `Worker` calls only what was taken then: a page that replaced a
 * built-in cannot start a worker past it. The options are read once and passed on as read (a `type` getter
 * answering 'classic' to us and 'module' to Chromium would put a statement before a module's imports).
 */
const CONFINE_WORKERS = oneLine(`function confineWorkers(removed, inWorkers, silenceConsole) {
  silenceConsole();
  for (const name of removed) delete self[name];
  const hideMark = (Location) => {
    if (!Location) return;
    const strip = (url) => url.replace(/${MARK}(classic|module)$/, '').replace(/#$/, '');
    for (const name of ['href', 'hash']) {
      const { get } = Object.getOwnPropertyDescriptor(Location.prototype, name);
      Object.defineProperty(Location.prototype, name, { get() { return strip(get.call(this)); }, enumerable: true, configurable: true });
    }
    Object.defineProperty(Location.prototype, 'toString', { value: function toString() { return this.href; }, writable: true, enumerable: true, configurable: true });
  };
  hideMark(self.WorkerLocation);
  const Original = self.Worker;
  if (typeof Original !== 'function') return;
  const prelude = '(' + confineWorkers + ')(' + JSON.stringify(inWorkers) + ', ' + JSON.stringify(inWorkers) + ', ' + silenceConsole + ');';
  const withPrelude = (${PRELUDE_WRITER})();
  const apply = Reflect.apply, construct = Reflect.construct, exec = RegExp.prototype.exec, indexOf = String.prototype.indexOf, encode = encodeURIComponent;
  const defineProperty = Object.defineProperty, iterator = Symbol.iterator, Failure = DOMException;
  const XHR = self.XMLHttpRequest, Blob_ = self.Blob, URL_ = self.URL, createURL = URL_.createObjectURL, hrefOf = Object.getOwnPropertyDescriptor(URL_.prototype, 'href').get;
  const httpScheme = /^https?:/i, localScheme = /^(blob|data):/i, dataScheme = /^data:/i;
  const factory = self.trustedTypes, Factory = self.TrustedTypePolicyFactory, Policy = self.TrustedTypePolicy;
  const isScriptURL = Factory && Factory.prototype.isScriptURL, createPolicy = Factory && Factory.prototype.createPolicy, createScriptURL = Policy && Policy.prototype.createScriptURL;
  let policy = null, pagePolicy = null, vouching = false;
  const ourPolicy = () => {
    if (policy === null) try { policy = apply(createPolicy, factory, ['${WORKER_POLICY}', { createScriptURL: (url) => url }]); } catch { policy = false; }
    return policy;
  };
  if (factory && self.document) ourPolicy();
  if (createPolicy) {
    const madeByPage = { createPolicy(name, rules) {
      const given = rules === null || rules === undefined ? {} : rules;
      const html = given.createHTML, script = given.createScript, own = given.createScriptURL;
      if (typeof own !== 'function') return apply(createPolicy, this, [name, rules]);
      const scriptURL = function createScriptURL(input) { return vouching ? input : apply(own, null, arguments); };
      const made = apply(createPolicy, this, [name, { createHTML: html, createScript: script, createScriptURL: scriptURL }]);
      pagePolicy = made;
      return made;
    } }.createPolicy;
    defineProperty(Factory.prototype, 'createPolicy', { value: madeByPage, writable: true, enumerable: true, configurable: true });
  }
  const trustedAs = (given, start) => {
    if (!factory || !apply(isScriptURL, factory, [given])) return start;
    if (ourPolicy() || pagePolicy === null) return apply(createScriptURL, ourPolicy() || null, [start]);
    vouching = true;
    try { return apply(createScriptURL, pagePolicy, [start]); } finally { vouching = false; }
  };
  const read = (href) => {
    try {
      const xhr = new XHR();
      xhr.open('GET', href, false);
      xhr.overrideMimeType('text/javascript; charset=utf-8');
      xhr.send();
      return xhr.status === 200 ? xhr.responseText : null;
    } catch { return null; }
  };
  const onePart = (value) => {
    let given = false;
    const parts = {};
    defineProperty(parts, iterator, { value: () => ({ next: () => (given ? { done: true, value: undefined } : ((given = true), { done: false, value })) }) });
    return parts;
  };
  const Worker = function Worker(url, options) {
    if (!new.target) throw new TypeError("Failed to construct 'Worker': Please use the 'new' operator.");
    const given = options === undefined || options === null ? {} : options;
    const type = given.type, credentials = given.credentials, name = given.name;
    const kind = type === undefined ? 'classic' : '' + type;
    const href = apply(hrefOf, new URL_('' + url, self.document ? self.document.baseURI : self.location.href), []);
    let start;
    if (apply(exec, httpScheme, [href]) !== null) start = href + (apply(indexOf, href, ['#']) < 0 ? '#' : '') + '${MARK}' + kind;
    else if (apply(exec, localScheme, [href]) !== null) {
      const text = read(href);
      const script = text === null ? 'throw new Error("pricecrawl: the worker script could not be read");' : withPrelude(prelude, kind, text);
      if (apply(exec, dataScheme, [href]) !== null) start = 'data:text/javascript,' + apply(encode, null, [script]);
      else start = apply(createURL, URL_, [new Blob_(onePart(script), { type: 'text/javascript' })]);
    } else throw new Failure("Failed to construct 'Worker': " + href + ' cannot be started', 'SecurityError');
    return construct(Original, [trustedAs(url, start), { type: kind, credentials, name }], new.target);
  };
  Worker.prototype = Original.prototype;
  defineProperty(Original.prototype, 'constructor', { value: Worker, writable: true, configurable: true });
  defineProperty(self, 'Worker', { value: Worker, writable: true, configurable: true });
}`);

const withPrelude = new Function(`return (${PRELUDE_WRITER})()`)() as (prelude: string, kind: WorkerKind, text: string) => string;

type WorkerKind = 'classic' | 'module';

/** The init script of every document: its `Worker` starts workers without `inWorkers` (the document keeps them). */
export function documentWorkerScript(inWorkers: readonly string[]): string {
  return `(${CONFINE_WORKERS})([], ${JSON.stringify(inWorkers)}, ${SILENT});`;
}

/** What every worker runs first: `inWorkers` deleted, and its own `Worker` replaced in turn (nested workers). */
export function workerPrelude(inWorkers: readonly string[]): string {
  return `(${CONFINE_WORKERS})(${JSON.stringify(inWorkers)}, ${JSON.stringify(inWorkers)}, ${SILENT});`;
}

interface PausedScript extends PausedAnswer {
  request: { urlFragment?: string };
}

/** The kind of worker a paused response starts, when the replaced `Worker` marked its URL; null for any other response. */
export function markedWorkerKind(event: PausedScript): WorkerKind | null {
  const fragment = event.request.urlFragment ?? '';
  if (fragment.endsWith(`${MARK}classic`)) return 'classic';
  if (fragment.endsWith(`${MARK}module`)) return 'module';
  return null;
}

/**
 * Answers a paused worker script's response with the prelude in front (`kind` from `markedWorkerKind`). Its
 * body is decoded as UTF-8, as a worker's script always is. One that cannot be read or answered fails: the
 * worker then does not start.
 */
export async function confineWorkerResponse(session: DevToolsSession, event: PausedScript, kind: WorkerKind, prelude: string): Promise<void> {
  const headers = event.responseHeaders ?? [];
  await answerRewritten(session, event, admittingWorkerPolicy(headers) ?? headers, (body) => Buffer.from(withPrelude(prelude, kind, body.toString('utf8'))));
}
