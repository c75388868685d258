// The PostgreSQL schedule lock's lease across machines whose clocks disagree: the database's clock alone says when a lease ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LockLoss, ScheduleLock } from '../../src/ports/run-record-store';
import { connectPostgres, type Sql } from '../../storage/postgres/pg-connection';
import { migrate } from '../../storage/postgres/pg-migrations';
import { RenewedPool } from '../../storage/postgres/pg-renewed-pool';
import { PgScheduleLock } from '../../storage/postgres/pg-schedule-lock';
import { serverNowMs } from '../../storage/postgres/pg-server-clock';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

const LEASE_MS = 60_000;
const HOUR_MS = 3_600_000;

let pg: PostgresServer;
let storeUrl: string;
/** The test's own session: reads the server's clock and moves leases along it. */
let admin: Sql;
const opened: PgScheduleLock[] = [];

beforeAll(async () => {
  pg = await startPostgres();
  storeUrl = await pg.createDatabase('locks');
  admin = connectPostgres(storeUrl, { max: 1 });
  await migrate(admin);
});
afterAll(async () => {
  await Promise.all(opened.map((lock) => lock.close().catch(() => undefined)));
  await admin?.end();
  await pg?.stop();
});

/**
 * A scheduler on another machine (its own hostname: its holders are judged by lease, never by pid), called
 * through the port as a scheduler calls it: with its own clock's now.
 */
async function lockOf(hostname: string): Promise<ScheduleLock & Pick<PgScheduleLock, 'renew'>> {
  const pool = new RenewedPool(() => connectPostgres(storeUrl, { max: 1 }));
  const lock = new PgScheduleLock(pool, { hostname, leaseMs: LEASE_MS });
  opened.push(lock);
  return lock;
}

async function databaseNowMs(): Promise<number> {
  const [row] = await admin<{ ms: number }[]>`SELECT ${serverNowMs(admin)} AS ms`;
  return row.ms;
}

/**
 * As if `ms` went by on the database server's clock without a renewal: every lease comes `ms` closer to its
 * end. The test moves the leases rather than the server's clock (a real server cannot be stepped) and never
 * sleeps for a lease to run out.
 */
async function serverTimePasses(ms: number): Promise<void> {
  await admin`UPDATE schedule_locks SET expires_ms = expires_ms - ${ms}`;
}

describe('the PostgreSQL schedule lock\'s lease', () => {
  it('one holder per spider across machines; a crashed holder frees it when its lease runs out', async () => {
    const a = await lockOf('machine-a');
    const b = await lockOf('machine-b');
    expect(await a.tryLock('crashy', 'run-a', 4242, Date.now())).toMatchObject({ ok: true });
    expect(await b.tryLock('crashy', 'run-b', 4343, Date.now())).toMatchObject({ ok: false, holder: { runId: 'run-a', pid: 4242, hostname: 'machine-a' } });
    // Machine A dies: nothing renews its lease any more.
    await a.close();
    // Half the lease gone (and half left: a slow machine's own milliseconds do not decide this).
    await serverTimePasses(LEASE_MS / 2);
    expect((await b.tryLock('crashy', 'run-b', 4343, Date.now())).ok).toBe(false);
    await serverTimePasses(LEASE_MS / 2 + 1);
    expect(await b.tryLock('crashy', 'run-b', 4343, Date.now())).toMatchObject({ ok: true });
  });

  it('a live holder renews its lease; unlocking frees the spider at once', async () => {
    const a = await lockOf('machine-a');
    const b = await lockOf('machine-b');
    expect((await a.tryLock('renewed', 'run-a', 1, Date.now())).ok).toBe(true);
    await serverTimePasses(50_000);
    await a.renew('renewed', 'run-a');
    // 100 s after the claim, 50 s after the renewal: still held.
    await serverTimePasses(50_000);
    expect((await b.tryLock('renewed', 'run-b', 2, Date.now())).ok).toBe(false);
    await serverTimePasses(10_001);
    expect((await b.tryLock('renewed', 'run-b', 2, Date.now())).ok).toBe(true);
    await b.unlock('renewed', 'run-b');
    expect((await a.tryLock('renewed', 'run-a2', 1, Date.now())).ok).toBe(true);
  });

  /**
   * Before, the lease's end was the holder's clock plus the lease: a scheduler whose clock was stepped back an
   * hour (NTP, a restored VM) claimed and renewed a lease that every other machine already saw as over, and the
   * next scheduler's tick crawled the spider a second time while the first run went on.
   */
  it('a holder whose clock is an hour behind keeps its lease, claimed and renewed', async () => {
    const behind = await lockOf('machine-behind');
    const right = await lockOf('machine-right');
    expect(await behind.tryLock('skewed', 'run-behind', 11, Date.now() - HOUR_MS)).toMatchObject({ ok: true });
    expect((await right.tryLock('skewed', 'run-right', 12, Date.now())).ok).toBe(false);
    await serverTimePasses(LEASE_MS / 2);
    await behind.renew('skewed', 'run-behind');
    // Past the claim's lease, inside the renewal's.
    await serverTimePasses(LEASE_MS / 2 + 1);
    expect((await right.tryLock('skewed', 'run-right', 12, Date.now())).ok).toBe(false);
  });

  /** Before, a scheduler whose clock ran an hour ahead saw every live lease as over and took it. */
  it('a machine whose clock is an hour ahead does not take a live lease', async () => {
    const right = await lockOf('machine-right');
    const ahead = await lockOf('machine-ahead');
    expect(await right.tryLock('ahead', 'run-right', 21, Date.now())).toMatchObject({ ok: true });
    expect(await ahead.tryLock('ahead', 'run-ahead', 22, Date.now() + HOUR_MS)).toMatchObject({ ok: false, holder: { runId: 'run-right' } });
  });

  /** Before, a machine whose clock was an hour behind left a dead holder's spider alone for an hour more. */
  it('a machine whose clock is an hour behind takes over a lease that ran out', async () => {
    const dead = await lockOf('machine-dead');
    const behind = await lockOf('machine-behind');
    expect(await dead.tryLock('lapsed', 'run-dead', 31, Date.now())).toMatchObject({ ok: true });
    await dead.close();
    await serverTimePasses(LEASE_MS + 1);
    expect(await behind.tryLock('lapsed', 'run-behind', 32, Date.now() - HOUR_MS)).toMatchObject({ ok: true });
  });

  /** The claim's start, shown to whoever is refused ("since …"), is the database's time too, whatever the holder's clock says. */
  it('a claim is stamped with the database\'s time', async () => {
    const behind = await lockOf('machine-behind');
    const right = await lockOf('machine-right');
    const before = await databaseNowMs();
    expect(await behind.tryLock('stamped', 'run-behind', 41, Date.now() - HOUR_MS)).toMatchObject({ ok: true });
    const after = await databaseNowMs();
    const refused = await right.tryLock('stamped', 'run-right', 42, Date.now());
    expect(refused.ok).toBe(false);
    const { lockedAtMs } = (refused as { holder: { lockedAtMs: number } }).holder;
    expect(lockedAtMs).toBeGreaterThanOrEqual(before);
    expect(lockedAtMs).toBeLessThanOrEqual(after);
  });
});

/** A lock renewing every third of a short lease, so a loss is heard within the test; its losses as promises. */
async function shortLeaseLockOf(hostname: string): Promise<{ lock: ScheduleLock & Pick<PgScheduleLock, 'renew'>; lost: Promise<LockLoss> }> {
  const lock = new PgScheduleLock(new RenewedPool(() => connectPostgres(storeUrl, { max: 1 })), { hostname, leaseMs: 1500 });
  opened.push(lock);
  const lost = new Promise<LockLoss>((resolve) => lock.onLost(resolve));
  return { lock, lost };
}

/**
 * Before, a renewal that matched no row, or that failed past the lease's end, was dropped in silence: the holder
 * went on crawling the spider while the scheduler that took it over started a second crawl of it.
 */
describe('a holder hears that it lost its claim', () => {
  it('when another holder took the claim over after its lease ran out (a GC pause, a suspended VM)', async () => {
    const { lock: paused, lost } = await shortLeaseLockOf('machine-paused');
    const other = await lockOf('machine-other');
    expect(await paused.tryLock('stolen', 'run-paused', 51, Date.now())).toMatchObject({ ok: true });
    // The paused holder's renewals may land between the lease's end and the claim: steal until the claim wins.
    let taken = false;
    for (let attempt = 0; attempt < 20 && !taken; attempt++) {
      await serverTimePasses(HOUR_MS);
      taken = (await other.tryLock('stolen', 'run-other', 52, Date.now())).ok;
    }
    expect(taken).toBe(true);
    expect(await lost).toMatchObject({ spider: 'stolen', runId: 'run-paused', reason: 'schedule/lock-lost', detail: expect.stringContaining('taken over') });
    // The new holder keeps the spider: the loser's renewals stopped and never moved its row.
    await serverTimePasses(LEASE_MS / 2);
    expect((await paused.tryLock('stolen', 'run-paused-2', 51, Date.now())).ok).toBe(false);
  });

  it('when no renewal got through until the lease\'s end (the database away, a renewal never answered)', async () => {
    const { lock: holder, lost } = await shortLeaseLockOf('machine-cut-off');
    expect(await holder.tryLock('stalled', 'run-stalled', 61, Date.now())).toMatchObject({ ok: true });
    // The test's session holds the row: every renewal waits on it, unanswered, past the lease's end.
    const loss = await admin.begin(async (tx) => {
      await tx`SELECT spider FROM schedule_locks WHERE spider = 'stalled' FOR UPDATE`;
      return lost;
    });
    expect(loss).toMatchObject({ spider: 'stalled', runId: 'run-stalled', reason: 'schedule/lock-lost', detail: expect.stringContaining('no renewal') });
  });

  it('renewals that keep their row say nothing: an unlocked claim is not lost', async () => {
    const { lock, lost } = await shortLeaseLockOf('machine-fine');
    expect(await lock.tryLock('fine', 'run-fine', 71, Date.now())).toMatchObject({ ok: true });
    expect(await lock.renew('fine', 'run-fine')).toBe(true);
    await lock.unlock('fine', 'run-fine');
    expect(await lock.renew('fine', 'run-fine')).toBe(false);
    const heard = await Promise.race([lost.then(() => 'lost'), lock.close().then(() => 'closed')]);
    expect(heard).toBe('closed');
  });
});

describe('the fencing token a claim carries', () => {
  it('grows with every claim: a take-over\'s token is past the one its paused holder keeps', async () => {
    const a = await lockOf('machine-a');
    const b = await lockOf('machine-b');
    const first = await a.tryLock('fenced', 'run-a', 4242, Date.now());
    const again = await a.tryLock('fenced', 'run-a', 4242, Date.now()); // the same run claimed again (the scheduler, then its crawl)
    await serverTimePasses(LEASE_MS + 1);
    const taken = await b.tryLock('fenced', 'run-b', 4343, Date.now());
    if (!first.ok || !again.ok || !taken.ok) throw new Error('every claim here is granted');
    expect(again.fence).toBeGreaterThan(first.fence!);
    expect(taken.fence).toBeGreaterThan(again.fence!);
    const [row] = await admin<{ fence: number }[]>`SELECT fence FROM schedule_locks WHERE spider = 'fenced'`;
    expect(row.fence).toBe(taken.fence);
  });
});
