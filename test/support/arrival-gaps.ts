// Gaps between a host's arrivals as its server stamped them, and the longest each could really have been.

export interface StampedArrival {
  arrivedAtPerfMs: number;
  /** How much earlier it may have reached the socket (the server's loop was busy); see loop-beat.ts. */
  stampSlackMs?: number;
}

/** Gaps in arrival order, as stamped. */
export function stampedGapsMs(arrivals: StampedArrival[]): number[] {
  const ordered = [...arrivals].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs);
  return ordered.slice(1).map((arrival, i) => arrival.arrivedAtPerfMs - ordered[i].arrivedAtPerfMs);
}

/**
 * Each gap as long as it could really have been: a request stamped late (its server's loop stalled)
 * shortens the gap after it by up to that lateness. A gap under the interval even then is a crawler
 * that sent too soon, not a server that read too late.
 */
export function longestPossibleGapsMs(arrivals: StampedArrival[]): number[] {
  const ordered = [...arrivals].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs);
  return ordered.slice(1).map((arrival, i) => arrival.arrivedAtPerfMs - ordered[i].arrivedAtPerfMs + (ordered[i].stampSlackMs ?? 0));
}

/**
 * A browser page's send is anchored on Chromium's 'request' event, which may come before the request reaches the
 * wire by Chromium's connection set-up (40 ms seen through a proxy): a gap measured from it is shorter by as much.
 */
export const BROWSER_ANCHOR_SLACK_MS = 100;
