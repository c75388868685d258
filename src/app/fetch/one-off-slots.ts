// The host slots of a one-off fetch (`fetch`, `parse`, `shell`): its redirect and refresh hops spaced as a crawl spaces them.
import type { CrawlRequest } from '../../core/request';
import { RequestSlots } from '../../engine/request-slots';
import type { FetchOptions } from '../../fetch/fetcher';
import type { HostSlot } from '../../ports/frontier';
import { steadyNowMs } from '../../politeness/clock';
import { HostSlots, policyFromSettings, type Reservation } from '../../politeness/host-slots';
import type { Settings } from '../../settings/schema';

/**
 * A one-off command sends one request, but the fetcher follows its redirects itself and a refresh is
 * followed after the answer: without slots each hop reached the server a few milliseconds after the one
 * before it (a 302 and a meta refresh on one host: 10 ms and 4 ms apart at a 500 ms interval), where a
 * crawl waits for the host's next slot. The same `RequestSlots` a crawl's request holds, over slots of this
 * command's own: each hop books its host's next slot (interval, jitter, margin, cap from the settings,
 * per-host entries included) and waits for it; one further off than half the fetch's time left fails the
 * fetch as `REDIRECT_HOST_BUSY` rather than sending early.
 */
export function oneOffSlots(settings: Settings, request: CrawlRequest, hostKeyOf: (url: string) => string): Pick<FetchOptions, 'beforeHop' | 'onSend'> {
  const slots = new HostSlots({ policyFor: policyFromSettings(settings.politeness), marginMs: settings.politeness.intervalMarginMs });
  const hostKey = hostKeyOf(request.url);
  const first = slots.tryReserve(hostKey, steadyNowMs());
  // A fresh set of slots has every host open: the first send never waits.
  if (!first.ok) throw new Error(`no slot for ${hostKey} in a fresh set of host slots`);
  const lease = { request, hostKey, ...slotOf(slots, first.reservation) };
  const bookHop = (hopHost: string, nowMs: number) => {
    const booked = slots.book(hopHost, nowMs);
    return booked && { atMs: booked.reservedAtMs, slot: slotOf(slots, booked) };
  };
  const held = new RequestSlots(lease, { bookHop }, hostKeyOf, () => undefined);
  return { beforeHop: (toUrl, deadline) => held.beforeHop(toUrl, deadline), onSend: () => held.markSent() };
}

function slotOf(slots: HostSlots, reservation: Reservation): HostSlot {
  return {
    markSent: () => slots.markSent(reservation, steadyNowMs()),
    releaseSlot: () => slots.release(reservation, steadyNowMs()),
    cancelReservation: () => slots.cancel(reservation),
  };
}
