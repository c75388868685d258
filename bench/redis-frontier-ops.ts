// Redis frontier microbenchmark: the engine's hot path (pick, send, release, settle) against a real redis-server, no HTTP.
// `node bin/run-ts.js bench/redis-frontier-ops.ts [requests] [hosts] [pickBatch]`: light (seconds); prints one JSON line
// with worker and redis-server CPU per request and script calls per request (load-insensitive, unlike the rate).
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pino from 'pino';
import { CrawlRequest } from '../src/core/request';
import { RedisFrontier } from '../storage/redis/redis-frontier';
import { settingsSchema } from '../src/settings/schema';
import { startRedisServer } from '../test/support/redis-server';

const requests = Number(process.argv[2] ?? 20_000);
const hosts = Number(process.argv[3] ?? 20);
const pickBatch = Number(process.argv[4] ?? settingsSchema.parse({}).frontier.pickBatch);
/** Requests in progress at once, as the engine's global ceiling in the fast bench. */
const concurrency = 64;

function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Calls per command so far (INFO commandstats counts the commands a script runs, each by its own name). */
async function commandCalls(client: Redis): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const m of (await client.info('commandstats')).matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) calls.set(m[1], Number(m[2]));
  return calls;
}

/** Per request, by command, between two readings; `info` (this bench's own reading) left out. */
function perRequest(before: Map<string, number>, after: Map<string, number>, n: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, calls] of after) {
    const delta = calls - (before.get(name) ?? 0);
    if (delta > 0 && name !== 'info') out[name] = Math.round((delta / n) * 100) / 100;
  }
  return out;
}

const total = (calls: Record<string, number>) => Math.round(Object.values(calls).reduce((a, b) => a + b, 0) * 100) / 100;
const scripts = (calls: Record<string, number>) => (calls.evalsha ?? 0) + (calls.eval ?? 0);

const redis = await startRedisServer();
const client = new Redis(redis.url);
try {
  const policy = { maxConcurrency: 4, minIntervalMs: 0, jitterMs: 0 };
  const frontier = await RedisFrontier.open({
    url: redis.url, spider: 'bench', runId: 'new', join: false, seeding: false, hostKeyOf: (url) => new URL(url).host, policyFor: () => policy,
    settings: { ...settingsSchema.parse({}).frontier, pickBatch }, log: pino({ level: 'warn' }),
  });
  const addAt = await commandCalls(client);
  for (let from = 0; from < requests; from += 500) {
    const batch: CrawlRequest[] = [];
    for (let i = from; i < Math.min(requests, from + 500); i++) batch.push(new CrawlRequest({ url: `http://h${i % hosts}.test/p/${i}` }));
    await frontier.add(batch);
  }
  const callsAt = await commandCalls(client);
  const addCalls = perRequest(addAt, callsAt, requests);
  const redisCpuAt = processCpuMs(redis.pid);
  const cpuAt = process.cpuUsage();
  const start = performance.now();
  let done = 0;
  // Each task: pick, send, a turn of "I/O", release, settle; as the engine, picks are asked one at a time.
  let picking: Promise<unknown> = Promise.resolve();
  const task = async (): Promise<void> => {
    for (;;) {
      const pick = await (picking = picking.then(() => frontier.next(Date.now())));
      const p = pick as Awaited<ReturnType<RedisFrontier['next']>>;
      if (p.type === 'empty') return;
      if (p.type === 'wait') {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, p.atMs - Date.now())));
        continue;
      }
      p.lease.markSent();
      await new Promise((resolve) => setImmediate(resolve));
      p.lease.releaseSlot();
      await frontier.markHandled(p.lease.request, 200);
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, task));
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuAt);
  const redisCpuMs = processCpuMs(redis.pid) - redisCpuAt;
  const calls = perRequest(callsAt, await commandCalls(client), done);
  const summary = await frontier.summary();
  await frontier.close();
  if (done !== requests || summary.succeeded !== requests) throw new Error(`done ${done}, ledger succeeded ${summary.succeeded}, expected ${requests}`);
  console.log(JSON.stringify({
    requests, hosts, pickBatch, requestsPerSecond: Math.round((done / ms) * 1000),
    workerCpuUsPerRequest: Math.round(((cpu.user + cpu.system) / done) * 10) / 10,
    redisCpuUsPerRequest: Math.round(((redisCpuMs * 1000) / done) * 10) / 10,
    scriptCallsPerRequest: scripts(calls), commandsPerRequest: total(calls), addCommandsPerRequest: total(addCalls),
  }));
  console.log(JSON.stringify({ hotPath: calls, add: addCalls }));
} finally {
  client.disconnect();
  await redis.stop();
}
