// Bench knobs from the environment, with defaults sized to keep `npm run bench` near 10 minutes on 2 cores.

/** `pricecrawl-2p`: pricecrawl with `--processes 2` (two crawl processes on the embedded frontier). */
export type CrawlerName = 'pricecrawl' | 'pricecrawl-2p' | 'crawlee' | 'undici-loop' | 'scrapy';
export type ScenarioName = 'startup' | 'fast' | 'polite' | 'skewed' | 'polite-busy' | 'memory' | 'workers' | 'storm' | 'mixed' | 'js-shop';

export interface BenchConfig {
  /** Rounds per scenario; crawlers alternate within each round (A B C, A B C, ...). */
  rounds: number;
  /** Rounds of the polite and skewed scenarios (each round costs at least the ideal span per crawler). */
  politeRounds: number;
  /** Rounds that the slow peers (vanilla Crawlee, Scrapy) join; they take minutes per round. */
  peerRounds: number;
  hosts: number;
  /** Fast scenario: products per host (pages = products + listings + home). */
  fastProductsPerHost: number;
  /** Polite scenario: products per host. */
  politeProductsPerHost: number;
  /** Skewed scenario: products on each small host; the big host has 10 ×. */
  skewSmallProducts: number;
  politeIntervalMs: number;
  /** Global ceiling given to every crawler. */
  concurrency: number;
  memoryRequests: number;
  /** Memory scenario: how long pricecrawl keeps crawling after the last seed, ms. */
  memoryCrawlAfterSeedMs: number;
  /** Mixed scenario: products on each of the three HTTP demo shops, and on the JS shop. */
  mixedHttpProducts: number;
  mixedJsProducts: number;
  /** JS-shop scenario: products on the JS shop, pages open in each crawler, rounds (each crawler once per round). */
  jsShopProducts: number;
  jsShopPagesOpen: number;
  jsShopRounds: number;
  /** Start-up scenario: runs of `pricecrawl crawl` (the median is reported). */
  startupRounds: number;
  scenarios: ScenarioName[];
  crawlers: CrawlerName[];
  /** Storm scenario: hosts (the first one rate-limited), products per host, and the limited host's requests per second. */
  stormHosts: number;
  stormProductsPerHost: number;
  stormPerSecond: number;
  /** Directory for a CPU profile of each pricecrawl run (`node --cpu-prof`), or null. */
  cpuProfileDir: string | null;
}

const SCENARIOS: ScenarioName[] = ['startup', 'fast', 'polite', 'skewed', 'polite-busy', 'memory', 'workers', 'storm', 'mixed', 'js-shop'];
const CRAWLERS: CrawlerName[] = ['pricecrawl', 'pricecrawl-2p', 'crawlee', 'undici-loop', 'scrapy'];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

function list<T extends string>(env: NodeJS.ProcessEnv, name: string, known: T[]): T[] {
  const raw = env[name];
  if (!raw) return known;
  const picked = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = picked.filter((p) => !known.includes(p as T));
  if (unknown.length > 0) throw new Error(`${name}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  return picked as T[];
}

export function readBenchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  return {
    rounds: int(env, 'BENCH_ROUNDS', 3),
    peerRounds: int(env, 'BENCH_PEER_ROUNDS', 1),
    politeRounds: int(env, 'BENCH_POLITE_ROUNDS', 2),
    hosts: int(env, 'BENCH_HOSTS', 20),
    fastProductsPerHost: int(env, 'BENCH_PAGES_PER_HOST', 100),
    politeProductsPerHost: int(env, 'BENCH_POLITE_PAGES_PER_HOST', 50),
    skewSmallProducts: int(env, 'BENCH_SKEW_SMALL_PAGES', 20),
    politeIntervalMs: int(env, 'BENCH_INTERVAL_MS', 100),
    concurrency: int(env, 'BENCH_CONCURRENCY', 64),
    memoryRequests: int(env, 'BENCH_MEMORY_REQUESTS', 1_000_000),
    memoryCrawlAfterSeedMs: int(env, 'BENCH_MEMORY_CRAWL_MS', 5_000, 0),
    mixedHttpProducts: int(env, 'BENCH_MIXED_HTTP_PRODUCTS', 60),
    mixedJsProducts: int(env, 'BENCH_MIXED_JS_PRODUCTS', 30),
    jsShopProducts: int(env, 'BENCH_JS_PRODUCTS', 200),
    jsShopPagesOpen: int(env, 'BENCH_JS_PAGES_OPEN', 4),
    jsShopRounds: int(env, 'BENCH_JS_ROUNDS', 1),
    startupRounds: int(env, 'BENCH_STARTUP_ROUNDS', 7),
    scenarios: list(env, 'BENCH_SCENARIOS', SCENARIOS),
    crawlers: list(env, 'BENCH_CRAWLERS', CRAWLERS),
    stormHosts: int(env, 'BENCH_STORM_HOSTS', 4),
    stormProductsPerHost: int(env, 'BENCH_STORM_PAGES_PER_HOST', 40),
    stormPerSecond: int(env, 'BENCH_STORM_PER_SECOND', 5),
    cpuProfileDir: env.BENCH_CPU_PROF || null,
  };
}
