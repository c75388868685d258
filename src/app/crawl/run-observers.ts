// A crawl's built-in observers, each subscribed to the bus under its own name like a project's extension: the stats line, the run timeline, the alarms' verdict, and those the caller brings.
import type { Logger } from 'pino';
import { RunTimeline } from '../../engine/run-timeline';
import type { CrawlEventBus, CrawlEvents } from '../../events/crawl-events';
import { StatsLogger } from './stats-logger';

/** An observer the caller brings (the live progress block, the metrics endpoint), registered before the first request. */
export interface CrawlObserver {
  /** Its handlers' failures are logged under this name. */
  readonly name: string;
  /** Wants `stats.snapshot` this often (the live block redraws); the ticker runs at the finest rate asked. */
  readonly snapshotEveryMs?: number;
  /** Replaces the periodic stats line (the live block shows the same numbers). */
  readonly replacesStatsLine?: boolean;
  register(events: CrawlEvents): void;
}

export class RunObservers {
  /** Breaker transitions, alarms and priced/unpriced items over time, for the summary and the report. */
  readonly timeline = new RunTimeline();
  /** `stats.snapshot` period: `log.statsIntervalMs`, or the finest an observer asks for (0: none). */
  readonly snapshotEveryMs: number;
  private failsRun = false;

  constructor(events: CrawlEventBus, options: { log: Logger; statsIntervalMs: number; observers: readonly CrawlObserver[] }) {
    const { log, statsIntervalMs, observers } = options;
    if (!observers.some((o) => o.replacesStatsLine)) new StatsLogger(log, statsIntervalMs).register(events.forOwner('stats-logger'));
    this.timeline.observe(events.forOwner('run-timeline'));
    // Whether the run fails for its alarms: each alarm says so itself, no alarm is known here.
    events.forOwner('alarms').on('alarm.fired', ({ failsRun }) => void (this.failsRun ||= failsRun));
    for (const observer of observers) observer.register(events.forOwner(observer.name));
    const asked = observers.flatMap((o) => (o.snapshotEveryMs ? [o.snapshotEveryMs] : []));
    this.snapshotEveryMs = asked.length > 0 ? Math.min(...asked) : statsIntervalMs;
  }

  /** An alarm whose settings fail the run fired (exit 3). */
  get alarmsFailRun(): boolean {
    return this.failsRun;
  }
}
