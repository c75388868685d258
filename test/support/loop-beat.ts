// How late a server's own event loop may have stamped an arrival: a heartbeat that a stalled loop cannot run.

let lastBeatPerfMs: number | null = null;

/**
 * A request reaches the socket, then waits for the loop to read it: stamped in JS, its arrival time is
 * late by however long the loop was busy. A 1 ms heartbeat bounds that: the request reached the socket
 * no earlier than about the last beat the loop ran, so the bound is wide only when the loop really
 * stalled. Started only by a site process that stamps arrivals for gap checks.
 */
export function startLoopBeat(periodMs = 1): void {
  lastBeatPerfMs = performance.now();
  setInterval(() => {
    lastBeatPerfMs = performance.now();
  }, periodMs).unref();
}

/** How much earlier than `stampedAtPerfMs` the request may have arrived; 0 where no heartbeat runs. */
export function stampSlackMs(stampedAtPerfMs: number): number {
  return lastBeatPerfMs === null ? 0 : Math.max(0, stampedAtPerfMs - lastBeatPerfMs);
}
