// The report's handling counters in words: grouped by what they are about, each labelled for a reader who never saw a counter name.

export interface HandlingRow {
  label: string;
  /** The stable counter key, kept for searching logs and metrics. */
  key: string;
  count: number;
}

export interface HandlingGroup {
  title: string;
  rows: HandlingRow[];
}

const GROUPS: Array<{ prefix: string; title: string }> = [
  { prefix: 'retry/', title: 'Retries' },
  { prefix: 'breaker/', title: 'Circuit breaker' },
  { prefix: 'block/', title: 'Block pages' },
  { prefix: 'throttle/', title: 'Adaptive throttle' },
  { prefix: 'robots/', title: 'robots.txt' },
  { prefix: 'redirect/', title: 'Refresh redirects' },
  { prefix: 'depth/', title: 'Links not followed' },
  { prefix: 'follow/', title: 'Links not followed' },
  { prefix: 'url/', title: 'Links not followed' },
  { prefix: 'idle/', title: 'Idle hooks (the queue ran dry)' },
  { prefix: 'raw/', title: 'Raw capture' },
  { prefix: 'cache/', title: 'HTTP cache (cache.enabled: development only, pages may be old)' },
  { prefix: 'team/', title: "The project's own counters" },
  { prefix: 'spider-middleware/', title: 'Spider middlewares' },
];

/** `spider-middleware/<name>/<what>` (spider-chain.ts), in words; the name is the project's, kept as given. */
const SPIDER_MIDDLEWARE_COUNTS: Record<string, string> = {
  dropped: 'outputs dropped (requests and items the callbacks yielded)',
  added: 'outputs added',
  recovered: "callback errors recovered (the page's outputs are the middleware's)",
};

const LABELS: Record<string, string> = {
  'retry/scheduled': 'retries scheduled',
  'retry/retry-after': 'waits the server asked for (Retry-After)',
  'retry/exhausted': 'requests that used up their retries',
  'retry/stale-connection': 'sent again at once: the server had closed the kept-alive connection',
  'breaker/opened': 'breaker opened (host paused after repeated refusals)',
  'breaker/reopened': 'breaker re-opened (the probe was refused too)',
  'breaker/closed': 'breaker closed (host answering again)',
  'breaker/half-open': 'breaker half-open (one probe let through)',
  'breaker/probes': 'probe requests sent to a paused host',
  'breaker/deferred': 'requests held while a host was paused',
  'block/detected': 'block or challenge pages recognised',
  'throttle/increased': 'politeness interval raised (slow or refused answers)',
  'throttle/decreased': 'politeness interval lowered (fast answers)',
  'robots/fetched': 'robots.txt files fetched',
  'robots/disallowed': 'requests robots.txt disallowed',
  'robots/unreachable': 'robots.txt could not be fetched',
  'robots/cut': 'robots.txt files longer than 500 KiB: rules after that not read',
  'robots/open-end': 'robots.txt files the connection ended inside a last Allow or user-agent line: that line not read',
  'robots/patterns-cut': 'robots.txt files with more wildcard patterns than a URL check searches: the rest keep out more than they say',
  'robots/visit-time': 'requests held until the hours robots.txt takes visits in (Visit-time)',
  'robots/no-directives': 'robots.txt answers with no directive and lines no robots.txt holds (a page in its place?): all allowed',
  'depth/skipped': 'links deeper than depth.limit',
  'url/too-long': 'requests whose URL is longer than urlLength.limit (not queued)',
  'cache/hit': 'answers replayed from the HTTP cache, not fetched',
  'cache/miss': 'requests not in the HTTP cache (fetched)',
  'cache/expired': 'answers in the HTTP cache older than cache.maxAgeMs (fetched again)',
  'cache/stored': 'answers stored in the HTTP cache',
  'cache/withheld-secret': 'answers not stored in the HTTP cache: the page quotes a credential the crawl sent',
  'raw/withheld-secret': 'pages whose bytes were not stored: they quote a credential the crawl sent (read all the same)',
  'idle/rounds': 'times the queue ran dry and the idle hooks were asked',
  'idle/requests': 'requests the idle hooks added',
  'redirect/followed/meta-refresh': 'interstitials left for their target (meta refresh)',
  'redirect/followed/refresh-header': 'interstitials left for their target (Refresh header)',
  'redirect/ignored/meta-refresh/delay': 'pages read as themselves: their meta refresh waits longer than metaRefresh.maxDelayMs',
  'redirect/ignored/refresh-header/delay': 'pages read as themselves: their Refresh header waits longer than metaRefresh.maxDelayMs',
  'redirect/ignored/meta-refresh/bad-url': 'pages read as themselves: their meta refresh names no URL that parses',
  'redirect/ignored/refresh-header/bad-url': 'pages read as themselves: their Refresh header names no URL that parses',
};

/** Words for one counter key; a key this table does not know keeps its own name. */
export function handlingLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  if (key.startsWith('retry/reason/')) return `retried after ${key.slice('retry/reason/'.length)}`;
  if (key.startsWith('throttle/interval-ms/')) return `politeness interval of ${key.slice('throttle/interval-ms/'.length)} at the end (ms)`;
  if (key.startsWith('follow/skipped/')) {
    const reason = key.slice('follow/skipped/'.length);
    return reason === 'duplicate' ? 'repeated links on one page' : reason === 'invalid-url' ? 'links that are not valid URLs' : `${reason}: links (not crawlable)`;
  }
  const ours = /^spider-middleware\/(.+)\/([a-z]+)$/.exec(key);
  if (ours && SPIDER_MIDDLEWARE_COUNTS[ours[2]!]) return `${ours[1]}: ${SPIDER_MIDDLEWARE_COUNTS[ours[2]!]}`;
  return key;
}

/** Groups in a fixed order; counters under no known prefix go to "Other". */
export function groupHandling(handling: Record<string, number>): HandlingGroup[] {
  const groups = new Map<string, HandlingRow[]>();
  for (const [key, count] of Object.entries(handling).sort(([a], [b]) => a.localeCompare(b))) {
    const title = GROUPS.find((g) => key.startsWith(g.prefix))?.title ?? 'Other';
    const rows = groups.get(title) ?? [];
    rows.push({ label: handlingLabel(key), key, count });
    groups.set(title, rows);
  }
  const order = [...new Set([...GROUPS.map((g) => g.title), 'Other'])];
  return order.filter((title) => groups.has(title)).map((title) => ({ title, rows: groups.get(title)! }));
}
