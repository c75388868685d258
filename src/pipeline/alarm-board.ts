// Alarms raised by pipeline stages: logged once per key and counted as `alarms/<name>/<key>` for the run summary.
import type { PipelineContext } from './stage';

export class AlarmBoard {
  private readonly fired = new Set<string>();

  /** `name` is the alarm's stable code (`null-price`, `listing-drop`). */
  constructor(readonly name: string) {}

  reset(): void {
    this.fired.clear();
  }

  hasFired(key: string): boolean {
    return this.fired.has(key);
  }

  /**
   * The first time `key` raises this alarm in a run: a warn line (`alarm`, `key` and the fields) and
   * the stats key `alarms/<name>/<key>`, which the run summary lists under ALARMS. Later raises of
   * the same key are ignored (false).
   */
  raise(ctx: PipelineContext | null, key: string, fields: Record<string, unknown>, message: string): boolean {
    if (this.fired.has(key)) return false;
    this.fired.add(key);
    ctx?.stats.inc(`alarms/${this.name}/${key}`);
    const host = key.startsWith('host/') ? key.slice(5) : undefined;
    ctx?.stats.timeline.mark({ atMs: Date.now(), kind: `alarm/${this.name}`, host, detail: key });
    if (ctx?.events?.has('alarm.fired')) ctx.events.emit('alarm.fired', { code: this.name, key, host: host ?? null, detail: fields });
    ctx?.log.warn({ alarm: this.name, key, ...fields }, message);
    return true;
  }
}

/** The host (with port) alarms are keyed by; `unknown` for a URL that does not parse. */
export function hostOfUrl(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown';
  }
}
