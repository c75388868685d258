// Frontier microbenchmark: next()+ack per second on the embedded SQLite frontier (no network), the engine's hot path alone.
// `node bin/run-ts.js bench/frontier-next-ack.ts [requests] [hosts]`: light (seconds); prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CrawlRequest } from '../src/core/request';
import type { Lease } from '../src/ports/frontier';
import { SqliteFrontier } from '../storage/sqlite/sqlite-frontier';
import { systemClock } from '../src/politeness/clock';
import { hostKeyOf } from '../src/politeness/host-key';
import { HostSlots } from '../src/politeness/host-slots';

const requests = Number(process.argv[2] ?? 100_000);
const hosts = Number(process.argv[3] ?? 100);
/** Leases taken per turn before their acks are awaited: the engine also acks many requests per turn (group commit). */
const turn = 256;

const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-frontier-bench-'));
try {
  // No interval and a high cap: the bench measures the pick and the ledger, not politeness waits.
  const slots = new HostSlots({ policyFor: () => ({ maxConcurrency: 1_000, minIntervalMs: 0, jitterMs: 0 }) });
  const frontier = SqliteFrontier.open({ dir, spider: 'bench', runId: 'new', hostKeyOf: (url) => hostKeyOf(url, 'host'), hostSlots: slots, clock: systemClock });
  const addStart = performance.now();
  for (let from = 0; from < requests; from += 500) {
    const batch: CrawlRequest[] = [];
    for (let i = from; i < Math.min(requests, from + 500); i++) batch.push(new CrawlRequest({ url: `http://h${i % hosts}.test/p/${i}` }));
    await frontier.add(batch);
  }
  const addMs = performance.now() - addStart;
  const start = performance.now();
  let acked = 0;
  for (;;) {
    const leases: Lease[] = [];
    while (leases.length < turn) {
      const pick = frontier.next(Date.now());
      if (pick.type !== 'lease') break;
      pick.lease.markSent();
      leases.push(pick.lease);
    }
    if (leases.length === 0) break;
    await Promise.all(
      leases.map(async (lease) => {
        lease.releaseSlot();
        await frontier.markHandled(lease.request, 200);
      }),
    );
    acked += leases.length;
  }
  const ms = performance.now() - start;
  const summary = await frontier.summary();
  await frontier.close();
  if (acked !== requests || summary.succeeded !== requests) throw new Error(`acked ${acked}, ledger succeeded ${summary.succeeded}, expected ${requests}`);
  console.log(JSON.stringify({ requests, hosts, addsPerSecond: Math.round((requests / addMs) * 1000), nextAckPerSecond: Math.round((acked / ms) * 1000) }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
