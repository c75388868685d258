// Alarms raised by observers (extensions/) or stages: logged once per key, counted as `alarms/<name>/<key>` for the run summary, announced as `alarm.fired`.
import { hostOfUrl as hostOfCoreUrl } from '../core/url-host';
import type { PipelineContext } from './stage';

/** Where an alarm is counted, logged and announced: the crawl's stats, log and bus (a PipelineContext has them too). */
export type AlarmContext = Pick<PipelineContext, 'stats' | 'log' | 'events'>;

export class AlarmBoard {
  private readonly fired = new Set<string>();

  constructor(
    /** The alarm's stable code (`null-price`, `listing-drop`). */
    readonly name: string,
    /** Its settings make a run that raised it exit 3: carried on `alarm.fired`, so the run assembly needs to know no alarm. */
    private readonly failsRun = false,
  ) {}

  hasFired(key: string): boolean {
    return this.fired.has(key);
  }

  /**
   * The first time `key` raises this alarm in a run: a warn line (`alarm`, `key` and the fields) and
   * the stats key `alarms/<name>/<key>`, which the run summary lists under ALARMS; `alarm.fired` on the
   * bus (the run timeline marks it, the run's verdict notes whether it fails the run). Later raises of
   * the same key are ignored (false).
   */
  raise(ctx: AlarmContext | null, key: string, fields: Record<string, unknown>, message: string): boolean {
    if (this.fired.has(key)) return false;
    this.fired.add(key);
    ctx?.stats.inc(`alarms/${this.name}/${key}`);
    const host = key.startsWith('host/') ? key.slice(5) : null;
    ctx?.events?.emit('alarm.fired', { code: this.name, key, host, detail: fields, failsRun: this.failsRun });
    ctx?.log.warn({ alarm: this.name, key, ...fields }, message);
    return true;
  }
}

/** The host (with port) alarms are keyed by; `unknown` for a URL that does not parse. */
export function hostOfUrl(url: string): string {
  return hostOfCoreUrl(url, 'unknown');
}
