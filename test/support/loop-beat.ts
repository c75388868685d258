// How late a server's own event loop may have stamped an arrival: a heartbeat that a stalled loop cannot run.

let lastBeatPerfMs: number | null = null;
let beatBeforePerfMs: number | null = null;

/**
 * A request reaches the socket, then waits for the loop to read it: stamped in JS, its arrival time is
 * late by however long the loop (or the whole process, descheduled on a busy machine) did not run. A
 * 1 ms heartbeat bounds that. The bound is the beat before the last one: a process descheduled just
 * before its timers phase runs the beat first and reads the request right after, so the last beat alone
 * looks fresh while the request waited the whole pause (a 28 ms gap for 60 under load, both stamps
 * with ~0 slack by the last beat). Started by every process that stamps arrivals for gap checks (a site
 * process, a test whose fixture servers share the crawl's loop); once per process.
 */
export function startLoopBeat(periodMs = 1): void {
  if (lastBeatPerfMs !== null) return;
  lastBeatPerfMs = performance.now();
  beatBeforePerfMs = lastBeatPerfMs;
  setInterval(() => {
    beatBeforePerfMs = lastBeatPerfMs;
    lastBeatPerfMs = performance.now();
  }, periodMs).unref();
}

/** How much earlier than `stampedAtPerfMs` the request may have arrived; 0 where no heartbeat runs. */
export function stampSlackMs(stampedAtPerfMs: number): number {
  return beatBeforePerfMs === null ? 0 : Math.max(0, stampedAtPerfMs - beatBeforePerfMs);
}
