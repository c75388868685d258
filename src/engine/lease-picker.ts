// The leases picked ahead of the pool: asks the frontier for the next ready request and holds its lease until a task runs it.
import type { Logger } from 'pino';
import { steadyNowMs } from '../politeness/clock';
import type { Frontier, Lease, Pick } from '../ports/frontier';
import type { Settings } from '../settings/schema';
import type { AckTracker } from './ack-tracker';
import type { ItemProcessor } from './callback-runner';
import { FrontierOutage, judgePickFailure } from './frontier-outage';

export type PickType = Pick['type'];

export interface LeasePickerDeps {
  frontier: Frontier;
  settings: Settings;
  items: ItemProcessor;
  log: Logger;
  spiderName: string;
  acks: AckTracker;
  isStopping: () => boolean;
  /** The frontier said when to look again: wake the pool then. */
  wakeAt: (atMs: number) => void;
  storageFailed: (error: unknown) => void;
  frontierFailed: (error: unknown, reason: string, message: string, outageMs?: number) => void;
}

export class LeasePicker {
  /** Picked, their host slots reserved, waiting for the pool to run them. */
  readonly ready: Lease[] = [];
  /** When the frontier's last 'wait' said the next request may go (Infinity: a slot release decides). */
  nextReadyAtMs = Infinity;
  private readonly outage: FrontierOutage;

  constructor(private readonly deps: LeasePickerDeps) {
    this.outage = new FrontierOutage(deps.settings.frontier.outageMs);
  }

  /**
   * Reserves the next ready request's host slot now; the pool runs it right after. The embedded frontier
   * answers synchronously (no promise on the hot path); a shared one answers after a round trip.
   */
  pick(): PickType | Promise<PickType> {
    let pick: ReturnType<Frontier['next']>;
    try {
      pick = this.deps.frontier.next(steadyNowMs());
    } catch (error) {
      return this.pickFailed(error);
    }
    return pick instanceof Promise ? pick.then((p) => this.take(p), (error: unknown) => this.pickFailed(error)) : this.take(pick);
  }

  /** A lease the crawl will not run (it is stopping): its slot freed, the request back in the queue untouched. */
  handBack(lease: Lease): void {
    lease.cancelReservation();
    void this.deps.frontier.defer(lease.request, steadyNowMs(), { countAttempt: false, reason: 'shutdown' });
  }

  private take(pick: Pick): PickType {
    const outageMs = this.outage.recovered(steadyNowMs());
    if (outageMs !== null) this.deps.log.warn({ outageMs }, 'the frontier answers again');
    if (pick.type === 'lease') {
      if (this.deps.isStopping()) {
        // Arrived after stop() (a round trip was under way): hand it straight back.
        this.handBack(pick.lease);
        return 'wait';
      }
      this.ready.push(pick.lease);
    } else if (pick.type === 'wait') {
      this.nextReadyAtMs = pick.readyAtMs ?? pick.atMs;
      this.deps.wakeAt(pick.atMs);
    }
    // The frontier is drained: the last items would otherwise wait for their batch to age (batchMaxAgeMs)
    // before their requests are acknowledged and the run can end.
    else if (this.deps.acks.size > 0) this.deps.items.flush?.();
    return pick.type;
  }

  /** A shared frontier may be unreachable for a moment: try again shortly, and stop once it stayed away for `frontier.outageMs`. */
  private pickFailed(error: unknown): PickType {
    const nowMs = steadyNowMs();
    const verdict = judgePickFailure(error, this.outage, nowMs, { spider: this.deps.spiderName, runId: this.deps.frontier.runId });
    if (verdict.kind === 'storage') this.deps.storageFailed(error);
    else if (verdict.kind === 'stop') this.deps.frontierFailed(error, verdict.reason, verdict.message, verdict.outageMs);
    else {
      // Once per outage: a retry a second for up to `frontier.outageMs` (minutes) would bury the log in
      // identical stacks; the retries stay visible at debug level and the recovery is logged.
      if (verdict.first) this.deps.log.warn({ err: error, outageLimitMs: this.deps.settings.frontier.outageMs }, 'the frontier did not answer; retrying every second until it does or the outage limit passes');
      else this.deps.log.debug({ err: error }, 'the frontier still does not answer; retrying');
      this.deps.wakeAt(nowMs + 1000);
    }
    return 'wait';
  }
}
