// The sink hands a page's first request to the frontier at once and wakes the engine as soon as the embedded frontier can lease it, not after the commit.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestSink } from '../../src/engine/request-sink';
import { Stats } from '../../src/engine/stats';
import { openFrontier, req, tempDir } from '../frontier/frontier-fixture';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

describe('RequestSink and the embedded frontier', () => {
  it("stores a callback's first request at once, while the callback goes on; flush() waits for it to be durable", async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const { frontier, clock } = openFrontier(tmp.dir);
    cleanups.push(() => frontier.close());
    const sink = new RequestSink(frontier, new Stats(), 500, () => undefined);
    await sink.push(req('http://a.test/p/1'));
    // The callback has not finished (two more links to yield), and the host can already be given its first product.
    const pick = frontier.next(clock.nowMs());
    expect(pick.type === 'lease' && pick.lease.request.url).toBe('http://a.test/p/1');
    await sink.push(req('http://a.test/p/2'));
    await sink.push(req('http://a.test/p/3'));
    expect(frontier.next(clock.nowMs()).type).not.toBe('lease'); // at its cap of one; the others wait in the sink
    await sink.flush();
    const reader = new Database(join(tmp.dir, 'frontier.sqlite'), { readonly: true });
    cleanups.push(() => reader.close());
    expect(reader.prepare("SELECT json_extract(json, '$.url') AS url, state FROM requests ORDER BY id").all()).toEqual([
      { url: 'http://a.test/p/1', state: 'in_progress' },
      { url: 'http://a.test/p/2', state: 'pending' },
      { url: 'http://a.test/p/3', state: 'pending' },
    ]);
  });

  it("throws the first request's failure at flush(), so the page is not acknowledged", async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const { frontier } = openFrontier(tmp.dir);
    frontier.close();
    const sink = new RequestSink(frontier, new Stats(), 500, () => undefined);
    await sink.push(req('http://a.test/p/1'));
    await expect(sink.flush()).rejects.toThrow();
  });

  it('wakes the pool before the commit; the lease taken then is committed with the insert', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.cleanup);
    const { frontier, clock } = openFrontier(tmp.dir);
    cleanups.push(() => frontier.close());
    const events: string[] = [];
    const sink = new RequestSink(frontier, new Stats(), 500, () => {
      // What the engine's pick does when woken.
      const pick = frontier.next(clock.nowMs());
      events.push(pick.type === 'lease' ? `woken: leased ${pick.lease.request.url}` : `woken: ${pick.type}`);
    });
    // Queued before the add's group commit (a setImmediate of its own): runs before the old wake-up.
    setImmediate(() => events.push('next turn'));
    await sink.push(req('http://a.test/p/1'));
    await sink.flush();
    expect(events[0]).toBe('woken: leased http://a.test/p/1');
    expect(events).toContain('next turn');

    // Durable once flush() resolved, as the lease: another connection reads both.
    const reader = new Database(join(tmp.dir, 'frontier.sqlite'), { readonly: true });
    cleanups.push(() => reader.close());
    expect(reader.prepare('SELECT state FROM requests').all()).toEqual([{ state: 'in_progress' }]);
  });
});
