// The spider middleware list: none built in, and where the limits Scrapy ships as spider middlewares stand instead.
import { orderComponents, type AddedComponent, type NamedComponent } from '../src/components/order-components';
import { SettingsError } from '../src/core/errors';
import type { Settings } from '../src/settings/schema';
import type { SpiderMiddleware } from '../src/spider-middleware/spider-middleware';

/**
 * Why the list starts empty. Scrapy's built-in spider middlewares are limits, and here each stands where it
 * sees every request it must, which a spider middleware (a callback's outputs only) would not:
 * - depth: `depth.limit`, set on every request a page, an errback or a downloader middleware's `ctx.schedule`
 *   plans, after the spider middlewares (so one a middleware adds is counted too);
 * - url-length: `urlLength.limit`, where every request is stored (seeds included) and on every redirect hop;
 * - offsite: the downloader middleware `offsite` (the spider's `allowedDomains`), when the request is sent,
 *   and on every redirect hop, so a request any source planned is judged and its refusal is in the ledger;
 * - http-error: the downloader middleware `http-errors`: a non-2xx answer fails its request, recorded.
 * Being switched off or moved by a project's settings is not what any of those is for.
 */
export const DEFAULT_SPIDER_MIDDLEWARES: ReadonlyArray<readonly [string, (settings: Settings) => SpiderMiddleware]> = [];

/** Scrapy's built-in spider middlewares by the words of their names, and where pricecrawl does their work. */
const DONE_ELSEWHERE: Readonly<Record<string, string>> = {
  depth: 'the depth.limit setting (applied to every planned request, after the spider middlewares)',
  offsite: 'the downloader middleware "offsite" (middlewares.add / middlewares.disabled)',
  urllength: 'the urlLength.limit setting',
  httperror: 'the downloader middleware "http-errors" (middlewares.add / middlewares.disabled)',
};

/**
 * The crawl's spider middlewares: the built-ins in their order, minus `spiderMiddlewares.disabled`, with a
 * project's own (`spiderMiddlewares.add`) placed by before/after; one without either goes last, nearest the
 * spider. Nothing is made yet: a crawl checks the order before its run exists.
 */
export function orderSpiderMiddlewares(settings: Settings, added: readonly AddedComponent<SpiderMiddleware>[] = []): NamedComponent<() => SpiderMiddleware>[] {
  refuseScrapyBuiltIns(settings, added);
  const builtIns = DEFAULT_SPIDER_MIDDLEWARES.map(([name, make]) => ({ name, origin: 'built-in', value: () => make(settings) }));
  const addedLazy = added.map(({ value, ...component }) => ({ ...component, value: value === undefined ? undefined : () => value }));
  return orderComponents(builtIns, addedLazy, { section: 'spiderMiddlewares', kind: 'spider middleware', disabled: settings.spiderMiddlewares.disabled, defaultBefore: null });
}

/** The ordered spider middlewares, made. */
export function assembleSpiderMiddlewares(settings: Settings, added: readonly AddedComponent<SpiderMiddleware>[] = []): NamedComponent<SpiderMiddleware>[] {
  return orderSpiderMiddlewares(settings, added).map((component) => ({ ...component, value: component.value() }));
}

/** `"before": "depth"` (or `DepthMiddleware`) names a Scrapy built-in: refused with where its work is done here. */
function refuseScrapyBuiltIns(settings: Settings, added: readonly AddedComponent<SpiderMiddleware>[]): void {
  const names = new Set([...DEFAULT_SPIDER_MIDDLEWARES.map(([name]) => name), ...added.map((c) => c.name)]);
  const named: Array<[where: string, name: string]> = [
    ...settings.spiderMiddlewares.disabled.map((name): [string, string] => ['spiderMiddlewares.disabled', name]),
    ...added.flatMap((c): Array<[string, string]> => [c.before, c.after].filter((n) => n !== undefined).map((n) => [`spiderMiddlewares.add.${c.name}`, n!])),
  ];
  for (const [where, name] of named) {
    const elsewhere = DONE_ELSEWHERE[name.toLowerCase().replace(/[^a-z]/g, '').replace(/(spider)?middleware$/, '')];
    if (!names.has(name) && elsewhere) throw new SettingsError(`${where}: "${name}" is no spider middleware here; its work is done by ${elsewhere}`);
  }
}
