// `crawl --processes N`: what another process of the run owns of a host (its slots, pauses, robots.txt answer, Crawl-delay) is asked of or told to that process.
import type { HostSlot } from './frontier';
import type { RobotsEntry } from './robots-cache';

/** A slot booked in the process that owns its host: the hop may go `waitMs` after the answer came. */
export interface OwnedSlotBooking {
  waitMs: number;
  slot: HostSlot;
}

/** One call on the robots cache of the process owning the origin's host (the `RobotsCache` methods, as data). */
export type OwnedRobotsCall =
  | { op: 'get'; origin: string }
  | { op: 'claim'; origin: string; ttlMs: number }
  | { op: 'put'; origin: string; entry: RobotsEntry; ttlMs: number }
  | { op: 'release'; origin: string };

/** `get`: the entry or null; `claim`: whether the caller holds it; `put` and `release`: null. */
export type OwnedRobotsAnswer = RobotsEntry | boolean | null;

/**
 * What a process learned of a host it does not own, for its owner's gate: robots.txt went out to it or
 * asked for a Crawl-delay, or a hop's answer was throttling (its Retry-After as a wait from when it is
 * heard) or not, for the host's breaker. `requestId` is the frontier row's, one name in every process.
 */
export type HostNews =
  | { kind: 'sent' }
  | { kind: 'crawl-delay'; origin: string; crawlDelayMs: number }
  | { kind: 'throttled'; requestId: string; retryAfterWaitMs: number | null }
  | { kind: 'answered'; requestId: string };

/** The way to the run's other processes (how the messages travel is the caller's; see hop-channel.ts). */
export interface HostOwners {
  /** Books the host's next slot in the process holding `ownerSlot`: null at its cap, `unreachable` when no process answers for it. */
  book(ownerSlot: number, hostKey: string): Promise<OwnedSlotBooking | null | 'unreachable'>;
  /** A Retry-After in a hop's answer: the owner pauses its host for `waitMs` from when it hears it. */
  pause(ownerSlot: number, hostKey: string, waitMs: number): void;
  /** Runs the call on the owner's robots cache: one fetch of each origin's file for the whole run. */
  robots(ownerSlot: number, call: OwnedRobotsCall): Promise<OwnedRobotsAnswer | 'unreachable'>;
  /** Tells the owner's gate, in order with this process's other messages to it (a `put` after the `sent` of its fetch). */
  tell(ownerSlot: number, hostKey: string, news: HostNews): void;
  /** From now on, the other processes' calls of this kind on this process's hosts are answered by `hosts`. */
  serve(hosts: Partial<OwnedHosts>): void;
}

/** This process's own hosts, as another process reaches them. */
export interface OwnedHosts {
  book(hostKey: string): OwnedSlotBooking | null;
  pause(hostKey: string, waitMs: number): void;
  robots(call: OwnedRobotsCall): Promise<OwnedRobotsAnswer>;
  tell(hostKey: string, news: HostNews): void;
}
