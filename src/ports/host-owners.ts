// `crawl --processes N`: a redirect hop to a host another process of the run sends to is booked in that process's slots.
import type { HostSlot } from './frontier';

/** A slot booked in the process that owns its host: the hop may go `waitMs` after the answer came. */
export interface OwnedSlotBooking {
  waitMs: number;
  slot: HostSlot;
}

/** The way to the run's other processes (how the messages travel is the caller's; see hop-channel.ts). */
export interface HostOwners {
  /** Books the host's next slot in the process holding `ownerSlot`: null at its cap, `unreachable` when no process answers for it. */
  book(ownerSlot: number, hostKey: string): Promise<OwnedSlotBooking | null | 'unreachable'>;
  /** A Retry-After in a hop's answer: the owner pauses its host for `waitMs` from when it hears it. */
  pause(ownerSlot: number, hostKey: string, waitMs: number): void;
  /** From now on, the other processes' bookings of this process's hosts are answered by `hosts`. */
  serve(hosts: OwnedHosts): void;
}

/** This process's own hosts, as another process's hop books them. */
export interface OwnedHosts {
  book(hostKey: string): OwnedSlotBooking | null;
  pause(hostKey: string, waitMs: number): void;
}
