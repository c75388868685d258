// `npm run bench`: startup, fast, polite, skewed, polite-busy, memory, workers, storm, mixed and js-shop scenarios against peers; prints tables, writes results JSON.
// Knobs (env): BENCH_ROUNDS, BENCH_PEER_ROUNDS, BENCH_HOSTS, BENCH_PAGES_PER_HOST, BENCH_POLITE_PAGES_PER_HOST,
// BENCH_POLITE_ROUNDS, BENCH_SKEW_SMALL_PAGES, BENCH_INTERVAL_MS, BENCH_CONCURRENCY, BENCH_MEMORY_REQUESTS, BENCH_MEMORY_CRAWL_MS,
// BENCH_STORM_HOSTS, BENCH_STORM_PAGES_PER_HOST, BENCH_STORM_PER_SECOND, BENCH_MIXED_HTTP_PRODUCTS, BENCH_MIXED_JS_PRODUCTS, BENCH_JS_PRODUCTS, BENCH_JS_PAGES_OPEN, BENCH_JS_ROUNDS, BENCH_STARTUP_ROUNDS, BENCH_SCENARIOS, BENCH_CRAWLERS, BENCH_CPU_PROF (directory for pricecrawl CPU profiles),
// BENCH_PRICECRAWL_SETTINGS (JSON settings overrides for pricecrawl), BENCH_PRICECRAWL_NODE_FLAGS. See bench/README.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { maskSecrets, maskSecretsInText } from '../src/core/mask-secrets';
import { readBenchConfig, type CrawlerName } from './harness/bench-config';
import { scrapyVersion } from './harness/crawler-process';
import { formatScenario } from './harness/report-table';
import type { ScenarioResult } from './harness/scenario-result';
import { fastScenario } from './scenarios/fast-scenario';
import { memoryScenario } from './scenarios/memory-scenario';
import { formatJsShop, jsShopScenario, type JsShopScenarioResult } from './scenarios/js-shop-scenario';
import { formatMixed, mixedScenario, type MixedResult } from './scenarios/mixed-scenario';
import { politeScenario, politeVariants } from './scenarios/polite-scenario';
import { workersScenario } from './scenarios/workers-scenario';
import { stormScenario } from './scenarios/storm-scenario';
import { formatStartup, startupScenario, type StartupResult } from './scenarios/startup-scenario';

const config = readBenchConfig();
const startedAt = new Date();
const scratchDir = mkdtempSync(join(tmpdir(), 'pricecrawl-bench-'));
const notes: string[] = [];

let crawlers: CrawlerName[] = config.crawlers;
const scrapy = crawlers.includes('scrapy') ? scrapyVersion() : null;
if (crawlers.includes('scrapy') && !scrapy) {
  crawlers = crawlers.filter((c) => c !== 'scrapy');
  const note = 'Scrapy skipped: /usr/bin/python3 cannot import scrapy (apt-get install -y python3-scrapy)';
  notes.push(note);
  process.stdout.write(`${note}\n`);
}
if (scrapy) notes.push(`Scrapy ${scrapy} (Debian python3-scrapy), download_slot = host:port (Scrapy keys slots by hostname only)`);

process.stdout.write(
  `pricecrawl bench: ${cpus().length} CPUs, node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}, ` +
    `rounds ${config.rounds} (polite ${config.politeRounds}, slow peers ${config.peerRounds}), scenarios ${config.scenarios.join(',')}, crawlers ${crawlers.join(',')}\n\n`,
);

const results: ScenarioResult[] = [];
let mixed: MixedResult | null = null;
let jsShop: JsShopScenarioResult | null = null;
let startup: StartupResult | null = null;
let fastPagesPerSecond: number | null = null;
try {
  for (const scenario of config.scenarios) {
    let result: ScenarioResult;
    if (scenario === 'mixed') {
      // pricecrawl alone: fetch routing (HTTP vs Chromium) is what it measures, not a peer comparison.
      mixed = await mixedScenario(scratchDir, config.mixedHttpProducts, config.mixedJsProducts);
      process.stdout.write(`${formatMixed(mixed)}\n\n`);
      continue;
    }
    if (scenario === 'startup') {
      if (!crawlers.includes('pricecrawl')) continue;
      startup = await startupScenario(join(scratchDir, 'startup'), config.startupRounds);
      process.stdout.write(`${formatStartup(startup)}\n\n`);
      continue;
    }
    if (scenario === 'js-shop') {
      // BENCH_CRAWLERS picks the sides too: `crawlee` stands for its PlaywrightCrawler here.
      const sides = (['pricecrawl', 'crawlee-playwright'] as const).filter((side) => crawlers.includes(side === 'pricecrawl' ? 'pricecrawl' : 'crawlee'));
      const options = { products: config.jsShopProducts, pagesOpen: config.jsShopPagesOpen, rounds: config.jsShopRounds, executablePath: '/usr/bin/chromium', crawlers: sides };
      jsShop = await jsShopScenario({ ...options, scratchDir: join(scratchDir, 'js-shop') });
      process.stdout.write(`${formatJsShop(jsShop)}\n\n`);
      continue;
    }
    if (scenario === 'fast') {
      result = await fastScenario(config, crawlers, join(scratchDir, 'fast'), notes.slice());
      fastPagesPerSecond = result.summaries.find((s) => s.crawler === 'pricecrawl')?.medianPagesPerSecond ?? null;
    } else if (scenario === 'workers') {
      if (!crawlers.includes('pricecrawl')) continue;
      result = await workersScenario(config, join(scratchDir, 'workers'));
    } else if (scenario === 'memory') {
      if (!crawlers.includes('pricecrawl')) continue;
      result = await memoryScenario(config, join(scratchDir, 'memory'));
    } else if (scenario === 'storm') {
      result = await stormScenario(config, crawlers, join(scratchDir, 'storm'), notes.slice());
    } else {
      const variant = politeVariants(config).find((v) => v.name === scenario)!;
      // Vanilla Crawlee's only politeness knob cannot act on this site; say so rather than measure nothing.
      const polite = crawlers.filter((c) => c !== 'crawlee');
      const why = crawlers.includes('crawlee')
        ? ['Crawlee skipped: sameDomainDelaySecs keys hosts with tldts.getDomain(), which is null for 127.0.0.1, so no delay applies; 3.18.1 has no per-domain concurrency limit']
        : [];
      result = await politeScenario(config, variant, polite, join(scratchDir, scenario), [...notes, ...why], fastPagesPerSecond);
    }
    results.push(result);
    process.stdout.write(`${formatScenario(result)}\n\n`);
  }
} finally {
  rmSync(scratchDir, { recursive: true, force: true });
}

const resultsDir = join('bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
const pricecrawlSettings = settingsForResults(process.env.BENCH_PRICECRAWL_SETTINGS);
const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, totalMemMb: Math.round(totalmem() / 2 ** 20), node: process.version, loadAvgAtEnd: loadavg() };
writeFileSync(file, `${JSON.stringify({ startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), machine, config, pricecrawlSettings, scenarios: results, mixed, jsShop, startup }, null, 2)}\n`);
const verdicts = [...results, ...(jsShop ? [jsShop] : []), ...(startup ? [startup] : [])].flatMap((r) => r.targets.map((t) => t.pass));
process.stdout.write(
  `targets: ${verdicts.filter((v) => v === true).length} PASS, ${verdicts.filter((v) => v === false).length} MISS, ${verdicts.filter((v) => v === null).length} n/a\n` +
    `total ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s; results written to ${file}\n`,
);

/**
 * The overrides as the results file keeps them: masked as a run record's settings are. They may name a
 * proxy or a database with its password (a bench through the team's proxy), and results files are
 * kept and shared; the value is still a JSON string, as before.
 */
function settingsForResults(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    return JSON.stringify(maskSecrets(JSON.parse(raw) as unknown));
  } catch {
    return maskSecretsInText(raw);
  }
}
