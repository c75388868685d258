// A real crawl with proxy, Redis and PostgreSQL passwords: none appears in any file, log line, report, metric or screen output.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files-under';
import { storedText } from '../support/stored-text';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { freePort } from '../support/free-port';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const PROXY_SECRET = 'pr0xy-S3cret-7431';
const REDIS_SECRET = 'r3dis-S3cret-9902';
const PG_SECRET = 'p0stgres-S3cret-5517';
const SECRETS = [PROXY_SECRET, REDIS_SECRET, PG_SECRET];
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

let site: CatalogSite;
let proxy: RecordingProxy;
let redis: RedisTestServer;
let pg: PostgresServer;
let storeUrl: string;
const storage = tempStorageDir('secrets');
const inputs = tempStorageDir('secrets-config');

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 1, productsPerHost: 6, perPage: 3 });
  proxy = await startRecordingProxy('p1', { username: 'crawler', password: PROXY_SECRET });
  redis = await startRedisServer({ password: REDIS_SECRET });
  pg = await startPostgres();
  // The test server trusts loopback, so the password is not checked; it is still the user's secret to keep.
  storeUrl = (await pg.createDatabase('secrets')).replace('postgres@', `postgres:${PG_SECRET}@`);
});
afterAll(async () => {
  await site.close();
  await proxy.close();
  await redis.stop();
  await pg.stop();
  storage.cleanup();
  inputs.cleanup();
});

/** Every value in Redis, whatever its type: what the shared frontier and the sessions keep at rest. */
async function redisValues(url: string): Promise<string> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    const parts: string[] = [];
    for (const key of await client.keys('*')) {
      const type = await client.type(key);
      if (type === 'string') parts.push(key, (await client.get(key)) ?? '');
      else if (type === 'hash') parts.push(key, JSON.stringify(await client.hgetall(key)));
      else if (type === 'list') parts.push(key, ...(await client.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(key, ...(await client.smembers(key)));
      else if (type === 'zset') parts.push(key, ...(await client.zrange(key, '0', '-1')));
      else parts.push(key, String(type));
    }
    return parts.join('\n');
  } finally {
    client.disconnect();
  }
}

describe('secrets never at rest, never on screen', () => {
  it('a proxied crawl on a password-protected Redis frontier into PostgreSQL, interrupted, reported and listed, writes no password anywhere', async () => {
    const metricsPort = await freePort();
    // The user's own config holds the secrets: it is input, not something the run wrote.
    const config = join(inputs.dir, 'pricecrawl.config.json');
    writeFileSync(config, JSON.stringify({ sessions: { proxyUrls: [proxy.url] }, frontier: { url: redis.url }, storage: { url: storeUrl } }));
    const report = join(storage.dir, 'report.html');
    const sets = ['robots.obey=false', 'politeness.jitterMs=0', 'politeness.minIntervalMs=60000', 'log.format=json', 'log.level=debug', `metrics.port=${metricsPort}`];
    let metricsText = '';
    const server = site.servers[0];
    const crawl = await cli(['crawl', SPIDER, '-a', `startUrls=${site.startUrls[0]}`, '--config', config, '--storage', storage.dir, '--report', report, ...sets.flatMap((pair) => ['-s', pair])], {
      onStart: (child) => {
        // One page arrives, then the host's interval holds the rest: stop there, so the run ends interrupted.
        void server.waitForRequests(1).then(async () => {
          metricsText = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((res) => res.text());
          child.kill('SIGINT');
        });
      },
    });
    expect(crawl.stdout).toContain('work is left: continue with');
    expect(proxy.requests.length).toBeGreaterThan(0); // the password was really used
    expect(metricsText).toContain('pricecrawl_');
    // The run records are in PostgreSQL (the config's storage.url): listed from there, the run is really shown.
    const runs = await cli(['runs', '--json', '--config', config, '--storage', storage.dir]);
    expect(runs.code, runs.stderr).toBe(0);
    expect(runs.stdout).toContain('"outcome":"interrupted"');
    const changes = await cli(['changes', '--json', '--store', storeUrl]);
    expect(changes.code).toBe(0);
    // The live status on the frontier, and a run it does not hold: the message names the frontier, masked.
    const status = await cli(['status', '--frontier', redis.url]);
    expect(status.stdout).toContain('of spider');
    const noRun = await cli(['status', '--frontier', redis.url, '--run', 'no-such-run']);
    expect(noRun.code).toBe(1);
    expect(noRun.stderr).toContain(`no run no-such-run on redis://***@127.0.0.1:${redis.port}`);

    const screens: Array<[string, CliRun]> = [['crawl', crawl], ['runs', runs], ['changes', changes], ['status', status], ['status of no run', noRun]];
    const places: Array<[string, string]> = [
      ...screens.flatMap(([name, run]): Array<[string, string]> => [[`${name} stdout`, run.stdout], [`${name} stderr`, run.stderr]]),
      ['metrics', metricsText],
      ['redis', await redisValues(redis.url)],
      // Compressed ones unpacked: raw capture keeps pages gzipped in blobs.sqlite.
      ...filesUnder(storage.dir).map((path): [string, string] => [path, storedText(path)]),
    ];
    expect(filesUnder(storage.dir)).toContain(report);
    const leaks = places.flatMap(([where, text]) => SECRETS.filter((secret) => text.includes(secret)).map((secret) => `${secret} in ${where}`));
    expect(leaks).toEqual([]);
  });

  it('an unreachable PostgreSQL names its URL without the password', async () => {
    const closedPort = await freePort();
    const run = await cli(['changes', '--store', `postgres://postgres:${PG_SECRET}@127.0.0.1:${closedPort}/prices`]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`postgres://***@127.0.0.1:${closedPort}/prices`);
    expect(`${run.stdout}${run.stderr}`).not.toContain(PG_SECRET);
  });
});
