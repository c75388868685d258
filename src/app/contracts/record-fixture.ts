// Turns a live response into a contract fixture: exact bytes, headers, and expectations from the spider's current output.
import { maskSecrets } from '../../core/mask-secrets';
import type { CrawlResponse } from '../../core/response';
import { credentialsSentFor, withoutCredentials, withoutCredentialsIn, withoutSentCredentials } from '../../core/sent-credentials';
import type { Settings } from '../../settings/schema';
import { loadSettings } from '../../settings/load-settings';
import { saveFixture, type Expectation, type Fixture } from './fixture-file';
import { projectAt } from '../project/find-project';
import { loadSpiderRegistry } from '../project/spider-registry';
import { runFixture } from './run-fixture';
import { makeSpider } from '../../core/make-spider';

/** Headers that identify a session or change on every fetch: never kept in a fixture. */
const DROPPED_HEADERS = new Set(['set-cookie', 'date', 'age', 'expires', 'etag', 'last-modified', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length']);

/** The same fields the generated spiders yield, so the snapshot pins the values an author reviews. */
const PINNED_FIELDS = ['sku', 'name', 'price', 'currency', 'url', 'availability'];

function expectationFrom(outcome: Awaited<ReturnType<typeof runFixture>>): Expectation {
  const callbacks: Record<string, number> = {};
  for (const request of outcome.requests) callbacks[request.callback] = (callbacks[request.callback] ?? 0) + 1;
  const fields = PINNED_FIELDS.filter((field) => outcome.items.length > 0 && outcome.items.every((item) => item[field] !== undefined && item[field] !== null && item[field] !== ''));
  const itemValues = outcome.items.slice(0, 3).map((item) => Object.fromEntries(fields.filter((f) => f !== 'url').map((f) => [f, item[f] as string])));
  return { items: outcome.items.length, requests: outcome.requests.length, fields, itemValues, requestCallbacks: callbacks, dropped: outcome.dropped };
}

export interface RecordOptions {
  root: string;
  /** `<spider>/<name>` */
  target: string;
  callback: string;
  args: Record<string, string>;
  cliPairs: string[];
}

/** Saves the fixture, runs the spider's callback on it and stores that output as the expectation to review. */
export async function recordFixture(res: CrawlResponse, opts: RecordOptions): Promise<{ sidecar: string; expect: Expectation; error: string | null; sent: string[] }> {
  const [spiderName, name] = opts.target.split('/');
  const SpiderClass = (await loadSpiderRegistry(projectAt(opts.root))).find(spiderName ?? '');
  const spider = makeSpider(SpiderClass, opts.args);
  const settings: Settings = loadSettings({ spiderSettings: spider.settings, cliPairs: opts.cliPairs }).settings;
  // An answer's header quoting what the fetch sent (an echo service's `X-Echo: <the token>`) keeps the credential masked, as the body does.
  const sent = credentialsSentFor(res, settings.http.headers);
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([header]) => !DROPPED_HEADERS.has(header)).map(([header, value]) => [header, Array.isArray(value) ? value.map((one) => withoutCredentials(one, sent)) : withoutCredentials(value, sent)]));
  const fixture: Fixture = {
    spider: spiderName,
    name: name ?? '',
    // A page that prints back the key the fetch sent (its canonical link) is kept as its masked URL would be answered.
    body: withoutSentCredentials(res, settings.http.headers),
    // A fixture is committed with the spider: the URL, the spider arguments, the meta and the captured calls
    // lose their credentials and tokens (`-a apiKey=…`, `?api_key=`). The check runs on what is saved.
    // A redirect may have moved a token the fetch sent under a plain name (`?auth=…` → `?x=…`): masked all the same.
    spec: { ...withoutCredentialsIn(maskSecrets({ url: res.url, status: res.status, headers, callback: opts.callback, meta: res.request.meta, args: opts.args, fetchMode: res.fetchMode, captured: [...res.captured] }), sent), expect: {} },
  };
  const outcome = await runFixture(spider, fixture, settings, opts.root);
  fixture.spec.expect = expectationFrom(outcome);
  const { sidecar } = saveFixture(opts.root, fixture);
  return { sidecar, expect: fixture.spec.expect, error: outcome.error?.message ?? null, sent };
}
