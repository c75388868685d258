// The frontier port: durable per-run request storage with per-host scheduling and an outcome ledger.
import type { HostOwners } from './host-owners';
import type { CrawlRequest } from '../core/request';
import type { HostGate } from './host-gate';

/** A host slot held by a request: a pick's, or one booked for a redirect hop (see Frontier.bookHop). */
export interface HostSlot {
  /** Called right before the request goes on the wire: the host's interval counts from this moment. */
  markSent(): void;
  /** Hands the host slot back if the request is not sent after all (offsite, deferred). */
  cancelReservation(): void;
  /** Frees the host's concurrency slot once the response (or error) has arrived. */
  releaseSlot(): void;
  /**
   * The end of a pause (Retry-After, breaker) the host got after this slot was taken, while it still runs;
   * else null. A redirect hop that booked the slot and waited for it is not sent into such a pause. A shared
   * gate (Redis) answers after a round trip. Optional: a gate that leaves it out lets such a hop go.
   */
  pausedUntilMs?(): number | null | Promise<number | null>;
  /**
   * Asked right before the request goes on the wire: null lets it go now, counted as the host's send of this
   * moment; else the time to ask again (an interval after the host's latest send, or the end of a pause it got
   * since the slot was taken). Slots are spaced in the order they were taken, but with several requests of a
   * host in flight one can reach the wire after one taken later. Optional: a gate that leaves it out lets it go.
   * A shared gate may answer after a round trip (a pause another worker set since the slot was taken).
   */
  claimSend?(): number | null | Promise<number | null>;
}

export interface Lease extends HostSlot {
  request: CrawlRequest;
  /** Politeness key the request was scheduled under. */
  hostKey: string;
}

/** A slot of another host booked for a request under way: its hop may be sent at `atMs`. */
export interface HopBooking {
  atMs: number;
  slot: HostSlot;
}

export type Pick =
  | { type: 'lease'; lease: Lease }
  /** Work is pending but no host is ready before `atMs` (Infinity: every such host is at its concurrency cap until a slot is released). */
  | {
      type: 'wait';
      atMs: number;
      /**
       * When the earliest pending host opens, if later than `atMs`: a shared frontier asks to be polled
       * sooner than that (other workers may add work), and the engine judges a far wait by this time.
       */
      readyAtMs?: number;
    }
  /** Nothing pending (requests may still be in flight). */
  | { type: 'empty' };

export interface AddResult {
  added: number;
  duplicates: number;
}

export type Outcome = 'succeeded' | 'failed' | 'pending';

export interface LedgerCounts {
  /** Distinct requests accepted into the run. */
  planned: number;
  succeeded: number;
  failed: number;
  /** Still queued, deferred or in progress (after a crash: to be resumed). */
  pending: number;
}

/**
 * One host's part of the ledger. Its failures by reason are the whole run's, whichever process or worker
 * recorded them (absent from a shared run begun before they were kept): what a host lost before a
 * `--resume` is judged with the rest (lost-hosts.ts).
 */
export interface HostLedger extends LedgerCounts {
  failedByReason?: Record<string, number>;
}

export interface LedgerSummary extends LedgerCounts {
  failedByReason: Record<string, number>;
  byHost: Record<string, HostLedger>;
  byStatus: Record<string, number>;
}

export interface DeferOptions {
  countAttempt?: boolean;
  /** Adds one to `request.deferrals` and stores it with the request (it survives a resume). */
  countDeferral?: boolean;
  reason?: string;
}

export interface Frontier {
  readonly runId: string;
  /** Stores new requests durably and sets each stored one's `id`; duplicates within the run (by fingerprint) are skipped and keep none. */
  add(requests: CrawlRequest[]): Promise<AddResult>;
  /**
   * Picks the next request whose host slot is open at `nowMs` and reserves that slot atomically: the
   * embedded frontier synchronously (no await between check and reservation), a shared one in one
   * server-side step (a promise: one round trip).
   */
  next(nowMs: number): Pick | Promise<Pick>;
  /** Outcome: succeeded, with the final HTTP status. */
  markHandled(request: CrawlRequest, status: number | null): Promise<void>;
  /** Outcome: failed with a stable reason code. */
  fail(request: CrawlRequest, reason: string, status: number | null): Promise<void>;
  /** Back to its host queue, eligible at `untilMs`; `countAttempt` for retries, `countDeferral` for a wait the server asked for. */
  defer(request: CrawlRequest, untilMs: number, options?: DeferOptions): Promise<void>;
  /**
   * A leased request's redirect hop (to its own host or another): books that host's next slot for the hop
   * (spaced and counted against its cap like a pick), or null while the host is at its concurrency cap.
   * `lease` is the request's: a shared frontier ties the booking to it, so a worker that dies mid-hop
   * frees the slot when its lease expires. A shared frontier answers after a round trip. `beside`: a slot for
   * a send the request makes beside its own (a robots.txt read again), held at once with the request's hop slot.
   */
  bookHop(hostKey: string, nowMs: number, lease: Lease, beside?: boolean): HopBooking | null | Promise<HopBooking | null>;
  /** A Retry-After: pauses the host in the run's gate until `untilMs`; its requests stay queued. */
  pauseHost(hostKey: string, untilMs: number): void;
  /** Seeding (spider.start()) is over; a shared frontier's other workers may finish once the queues drain. */
  seedingDone?(): Promise<void>;
  /** Number of requests currently leased by this process. */
  inFlight(): number;
  summary(): Promise<LedgerSummary>;
  close(): Promise<void>;
}

export type RunStatus = 'running' | 'finished' | 'failed' | 'interrupted';

/** This process's place among the run's processes (`crawl --processes N`): slot 0 seeds, 1..N-1 join. */
export interface ProcessSlot {
  slot: number;
  slots: number;
}

/** A frontier as the composition root hands it to a crawl, with its run's gate and the run's end. */
export interface OpenedFrontier {
  frontier: Frontier;
  /**
   * True when this process runs the run's end work (price history, catalog). The run stays resumable until
   * `finishRun`: a process killed during the end work leaves it for `--resume`, which ends it again.
   */
  claimEnd(status: Exclude<RunStatus, 'running'>): Promise<boolean>;
  /** Records how the run ended, after the claimant's end work is durable. */
  finishRun(status: Exclude<RunStatus, 'running'>): Promise<void>;
  /** The run's host gate: the middlewares ask and tell it, progress and metrics read it. */
  gate: HostGate;
  /** `crawl --processes`: another process of the run ended; its hosts and leases come to this one. */
  takeOverSlot?(slot: number): void;
  /** A shared run's: the fencing token of the claim it was last opened under, which a joining worker writes under. */
  runFence?: number;
  /** `crawl --processes`: hops to the other processes' hosts are booked with them, and theirs to this one's hosts here. */
  shareHops?(owners: HostOwners): void;
  /**
   * A resumed run's check of its item store (set only then): requests acknowledged with items that `stored` (the
   * store's requests with rows and their greatest lease token) does not hold go back to the queue; resolves how many.
   */
  requeueUnstoredAcks?(stored: ReadonlyMap<string, number | null>): Promise<number>;
  /** `crawl --processes`, once `shareHops` linked them: the slot of the process that sends to the host; null when it is this one. */
  ownerSlot?(hostKey: string): number | null;
}
