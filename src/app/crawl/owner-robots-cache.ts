// `crawl --processes N`: an origin's robots.txt entry and fetch claim live with the process that owns its host, so the run fetches each file once.
import type { HostOwners, OwnedRobotsAnswer, OwnedRobotsCall } from '../../ports/host-owners';
import type { RobotsCache, RobotsEntry } from '../../ports/robots-cache';

/**
 * Each process had a robots cache of its own, so a redirect from one process's host to another's fetched
 * the target's file a second time, outside its owner's slots (95 ms after the owner's fetch in one run,
 * 410 ms after it under a 600 ms Crawl-delay). The owner's cache now answers for its hosts' origins: one
 * claim, one fetch, one entry, whichever process needs the file first. With no process answering for the
 * owner's slot (it ended; the first process takes its hosts over) the call runs on this process's cache.
 */
export class OwnerRobotsCache implements RobotsCache {
  constructor(
    private readonly local: RobotsCache,
    private readonly owners: HostOwners,
    /** The slot of the process that owns the origin's host; null when it is this process's. */
    private readonly ownerOf: (origin: string) => number | null,
  ) {
    owners.serve({ robots: (call) => callOn(local, call) });
  }

  async get(origin: string): Promise<RobotsEntry | null> {
    return (await this.call({ op: 'get', origin })) as RobotsEntry | null;
  }

  async claim(origin: string, ttlMs: number): Promise<boolean> {
    return (await this.call({ op: 'claim', origin, ttlMs })) === true;
  }

  async put(origin: string, entry: RobotsEntry, ttlMs: number): Promise<void> {
    await this.call({ op: 'put', origin, entry, ttlMs });
  }

  async release(origin: string): Promise<void> {
    await this.call({ op: 'release', origin });
  }

  close(): Promise<void> {
    return this.local.close();
  }

  private async call(call: OwnedRobotsCall): Promise<OwnedRobotsAnswer> {
    const owner = this.ownerOf(call.origin);
    const answer = owner === null ? 'unreachable' : await this.owners.robots(owner, call);
    return answer === 'unreachable' ? callOn(this.local, call) : answer;
  }
}

async function callOn(cache: RobotsCache, call: OwnedRobotsCall): Promise<OwnedRobotsAnswer> {
  switch (call.op) {
    case 'get':
      return cache.get(call.origin);
    case 'claim':
      return cache.claim(call.origin, call.ttlMs);
    case 'put':
      await cache.put(call.origin, call.entry, call.ttlMs);
      return null;
    case 'release':
      await cache.release(call.origin);
      return null;
  }
}
