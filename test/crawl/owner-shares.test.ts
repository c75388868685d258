// `crawl --processes 3`: a host's robots.txt entry, its fetch claim, its fetch as a send, its Crawl-delay and the hops' answers for its breaker reach the process that owns the host, through slot 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HopChannel } from '../../src/app/crawl/hop-channel';
import { OwnerGate } from '../../src/app/crawl/owner-gate';
import { OwnerRobotsCache } from '../../src/app/crawl/owner-robots-cache';
import { breakerOptionsFromSettings } from '../../src/politeness/breaker-board';
import { steadyNowMs } from '../../src/politeness/clock';
import { HostSlots } from '../../src/politeness/host-slots';
import type { RobotsEntry } from '../../src/ports/robots-cache';
import { settingsSchema } from '../../src/settings/schema';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { GroupCommit } from '../../storage/sqlite/group-commit';
import { openFrontierDb } from '../../storage/sqlite/open-frontier-db';
import { SqliteHostGate } from '../../storage/sqlite/sqlite-host-gate';
import { processes } from '../support/hop-links';

const ORIGIN = 'http://shop.test';
const HOST = 'shop.test';
const CRAWL_DELAY_MS = 60_000;
const TTL_MS = 60_000;
/** The turns a message from slot 1 takes to reach slot 2 through slot 0 (each link delivers a turn later). */
const relayed = () => new Promise((resolve) => setImmediate(() => setImmediate(() => setImmediate(resolve))));

describe('OwnerRobotsCache and OwnerGate', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const realGate = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-owner-gate-'));
    dirs.push(dir);
    const db = openFrontierDb(dir);
    const settings = settingsSchema.parse({ politeness: { minIntervalMs: 100, jitterMs: 0 } });
    return new SqliteHostGate(db, 'owner-shares', new GroupCommit(db), new HostSlots({ policyFor: () => ({ maxConcurrency: 1, minIntervalMs: 100, jitterMs: 0 }) }), breakerOptionsFromSettings(settings));
  };
  // Slot 2 owns the host; slot 1 reaches it through slot 0.
  const { links } = processes(3);
  const [zero, one, two] = [0, 1, 2].map((slot) => new HopChannel(links(slot)));
  const ownerOf = (self: number) => () => (self === 2 ? null : 2);
  const caches = [zero, one, two].map((channel, slot) => new OwnerRobotsCache(new MemoryRobotsCache(), channel, ownerOf(slot)));
  const gates = [zero, one, two].map((channel, slot) => new OwnerGate(realGate(), channel, ownerOf(slot), steadyNowMs));

  it("one claim and one entry for the run, held by the owner's cache", async () => {
    const entry: RobotsEntry = { kind: 'rules', text: 'User-agent: *\nCrawl-delay: 60\n', fetchedAtMs: steadyNowMs() };
    expect(await caches[1].claim(ORIGIN, TTL_MS)).toBe(true);
    // Before: each process's cache was its own, so the owner claimed and fetched the file too.
    expect(await caches[2].claim(ORIGIN, TTL_MS)).toBe(false);
    expect(await caches[0].claim(ORIGIN, TTL_MS)).toBe(false);
    await caches[1].put(ORIGIN, entry, TTL_MS);
    expect(await caches[2].get(ORIGIN)).toEqual(entry);
    expect(await caches[0].get(ORIGIN)).toEqual(entry);
  });

  it("tells the owner's gate the fetch as a send and the Crawl-delay, so its next slot waits for both", async () => {
    const sentAtMs = steadyNowMs();
    gates[1].noteSend(HOST, sentAtMs);
    gates[1].setCrawlDelayMs(HOST, `http://${HOST}`, CRAWL_DELAY_MS);
    await relayed();
    const [owned] = gates[2].snapshot(steadyNowMs()).filter((view) => view.hostKey === HOST);
    // Before: both stayed in slot 1's gate, and the owner's next page could go at once.
    expect(owned).toMatchObject({ intervalMs: CRAWL_DELAY_MS, intervalCause: 'crawl-delay' });
    expect(owned.nextOpenAtMs).toBeGreaterThanOrEqual(sentAtMs + CRAWL_DELAY_MS);
  });

  it("counts the hops' answers in the owner's breaker, so a storm split between processes opens it at the threshold", async () => {
    const threshold = settingsSchema.parse({}).breaker.threshold;
    const other = 'other.test';
    // The owner saw one 429 of its own; the rest of the storm came to slot 1's hops.
    void gates[2].throttled(other, 'own-1', steadyNowMs(), null);
    for (let n = 1; n < threshold; n++) void gates[1].throttled(other, `hop-${n}`, steadyNowMs(), null);
    await relayed();
    // Before: each breaker had counted its own part of the streak, and neither opened.
    expect(gates[2].breaker(other).state).toBe('open');
    expect(gates[2].snapshot(steadyNowMs()).find((view) => view.hostKey === other)?.pauseCause).toBe('breaker');
  });
});
