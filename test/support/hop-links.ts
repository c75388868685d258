// The IPC links of `crawl --processes N` in one test process: slot 0 reaches the others, they reach slot 0; messages arrive a turn later.
import type { HopLinks, HopWire } from '../../src/app/crawl/hop-channel';

/** Three processes' links as `crawl --processes 3` has them: slot 0 reaches the others, they reach slot 0; messages arrive a turn later. */
export function processes(count: number) {
  const inboxes = new Map<number, { message: (m: HopWire) => void; gone: (slot: number) => void }>();
  const alive = new Set(Array.from({ length: count }, (_, slot) => slot));
  const deliver = (slot: number, message: HopWire) => setImmediate(() => alive.has(slot) && inboxes.get(slot)?.message(structuredClone(message)));
  const links = (self: number): HopLinks => ({
    self,
    slots: count,
    send: (slot, message) => {
      const to = self === 0 ? slot : 0;
      if (!alive.has(to)) return false;
      deliver(to, message);
      return true;
    },
    listen: (message, gone) => void inboxes.set(self, { message, gone }),
    close: () => void inboxes.delete(self),
  });
  return {
    links,
    /** The process of `slot` exits: slot 0 hears it. */
    end: (slot: number) => {
      alive.delete(slot);
      inboxes.get(0)?.gone(slot);
    },
  };
}
