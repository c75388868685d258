// One worker's part in seeding a shared run: whether its start() still runs, and whether its end was confirmed.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { PricecrawlError } from '../../src/core/errors';
import { steadyNowMs } from '../../src/politeness/clock';
import type { Pick } from '../../src/ports/frontier';
import { serverRunId } from './server-run-id';

export class RedisSeeding {
  /** The redis-server process that answered when this worker began seeding (server-run-id.ts); '' when it does not seed. */
  private server = '';
  /** Why this worker's seeding could not be marked done, for the seeder-lost refusal; null when it was. */
  private unconfirmed: string | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly runId: string,
    private readonly log: Logger,
    /** This worker's start() is still adding seeds. */
    public active: boolean,
  ) {}

  /** Notes which server process this worker's seeds go to, so a restart meanwhile is seen at the end. */
  async begin(): Promise<void> {
    if (this.active) this.server = await serverRunId(this.redis);
  }

  /**
   * A server restarted or failed over while start() ran came back with the run as it last persisted it:
   * the seeds added after that point were gone, start() did not add them again, and the run ended finished,
   * exit 0, with only the seeds before it (a restart from an RDB snapshot: 10 of 20 seeds planned). The
   * requests pages yield are safe (a page whose links were lost was not settled either, so it is fetched
   * again); start()'s seeds are not. Then the run is not marked seeded: it stops as after a seeder lost once
   * the rest is crawled, and --resume runs start() again (what is planned already is not planned twice).
   */
  async done(): Promise<void> {
    this.active = false;
    if (this.server !== '' && (await serverRunId(this.redis)) !== this.server) {
      this.unconfirmed = `the frontier's Redis restarted or failed over while start() was seeding run ${this.runId} (its run_id changed), so the seeds it added since the server last persisted may be lost`;
      this.log.warn(this.unconfirmed + '; the run is not marked seeded: once the rest is crawled it stops resumable, and --resume runs start() again');
      await this.redis.del(`${this.prefix}seeding`);
      return;
    }
    await this.redis.multi().del(`${this.prefix}seeding`).hdel(`${this.prefix}meta`, 'unseeded').exec();
  }

  /**
   * Nothing is left to pick but no seeder ever finished: this worker's own seeding goes on (its marker ran
   * out while it stalled; the next heartbeat sets it again), else the seeder died mid-start() and the run
   * is not complete: the crawl stops (FRONTIER_SEEDER_LOST), the run stays running, and `--resume` runs
   * start() again (what it planned already is not planned twice).
   */
  unseeded(pollMs: number): Pick {
    if (this.active) return { type: 'wait', atMs: steadyNowMs() + pollMs };
    throw new PricecrawlError('FRONTIER_SEEDER_LOST', this.unconfirmed ?? `the process seeding run ${this.runId} stopped before its start() finished (killed or crashed): the run holds only the requests it got to`);
  }
}
