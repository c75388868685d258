// `crawl --processes N`: the gate and robots cache the middlewares get, each host's part of them answered by the process that owns it.
import type { OpenedFrontier } from '../../ports/frontier';
import type { HostGate } from '../../ports/host-gate';
import type { HostOwners } from '../../ports/host-owners';
import type { RobotsCache } from '../../ports/robots-cache';
import { steadyNowMs } from '../../politeness/clock';
import { OwnerGate } from './owner-gate';
import { OwnerRobotsCache } from './owner-robots-cache';

/** Unchanged for a crawl in one process (no `owners`, or a frontier that does not share hosts). */
export function shareWithOwners(opened: OpenedFrontier, owners: HostOwners | null, robotsCache: RobotsCache, hostKeyOf: (url: string) => string): { gate: HostGate; robotsCache: RobotsCache } {
  const ownerSlot = opened.ownerSlot?.bind(opened);
  if (!owners || !ownerSlot) return { gate: opened.gate, robotsCache };
  return {
    gate: new OwnerGate(opened.gate, owners, ownerSlot, steadyNowMs),
    robotsCache: new OwnerRobotsCache(robotsCache, owners, (origin) => ownerSlot(hostKeyOf(origin))),
  };
}
