// What the embedded frontier is opened with (sqlite-frontier.ts).
import type { Clock } from '../../src/politeness/clock';
import type { HostSlots } from '../../src/politeness/host-slots';
import type { BreakerOptions } from '../../src/politeness/breaker-board';
import type { ProcessSlot } from './host-shares';

export interface SqliteFrontierOptions {
  dir: string;
  spider: string;
  /** A run id to create or resume, `new`, or `resume-latest` (the latest unfinished run, else new). */
  runId: string | 'new' | 'resume-latest';
  hostKeyOf: (url: string) => string;
  /** The reservation engine of the run's host gate. */
  hostSlots: HostSlots;
  /** The host breakers' policy; the settings' defaults when absent (frontier tests). */
  breaker?: BreakerOptions;
  clock: Clock;
  workerId?: string;
  heartbeatEveryMs?: number;
  staleWorkerAfterMs?: number;
  /** Where this process keeps the run's items (itemStoreBesideFrontier): a run opened with another is refused. */
  itemStore?: string;
  /** One of several crawl processes on this run (`crawl --processes N`): only the hosts of its slot are picked here. */
  share?: ProcessSlot;
}
