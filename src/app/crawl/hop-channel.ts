// `crawl --processes N`: hop bookings, robots.txt answers and gate news between the run's processes over their IPC channels; the first process relays between the others.
import type { HostSlot } from '../../ports/frontier';
import type { HostNews, HostOwners, OwnedHosts, OwnedRobotsAnswer, OwnedRobotsCall, OwnedSlotBooking } from '../../ports/host-owners';
import { steadyNowMs } from '../../politeness/clock';

type HopOp = 'book' | 'paused' | 'robots' | 'answer' | 'sent' | 'release' | 'cancel' | 'pause' | 'tell' | 'gone';

/** One message between two processes' channels. Times travel as waits: each process has its own steady clock. */
export interface HopWire {
  type: 'pricecrawl/hop';
  op: HopOp;
  from: number;
  to: number;
  /** An ask's number at its asker (`book`, `paused`, and their `answer`). */
  ask?: number;
  /** The ask that booked the slot: the booking's name at its owner. */
  booking?: number;
  host?: string;
  waitMs?: number | null;
  unreachable?: boolean;
  /** `robots`: the call on the owner's robots cache; its `answer` carries `result`. */
  robots?: OwnedRobotsCall;
  result?: OwnedRobotsAnswer;
  news?: HostNews;
}

/** How messages leave this process: the first process reaches every other one; the others reach only the first. */
export interface HopLinks {
  readonly self: number;
  readonly slots: number;
  /** Sends toward the process of `slot`; false when no live process is there to take it. */
  send(slot: number, message: HopWire): boolean;
  /** `gone`: the process of that slot ended (for a joiner, slot 0: its launcher and only link). */
  listen(onMessage: (message: HopWire) => void, onGone: (slot: number) => void): void;
  /** Stops listening: a joiner's listener on its channel would keep it alive after its crawl. */
  close(): void;
}

const isAsk = (message: HopWire) => message.op === 'book' || message.op === 'paused' || message.op === 'robots';

export class HopChannel implements HostOwners {
  private nextAsk = 1;
  private readonly asks = new Map<number, { to: number; answer: (message: HopWire) => void }>();
  /** The first process: asks it passed on, by the slot they went to (answered here if it ends first). */
  private readonly relayed = new Map<string, HopWire>();
  /** Slots of this process's hosts booked by other processes, by `from:booking`. */
  private readonly held = new Map<string, HostSlot>();
  private hosts: Partial<OwnedHosts> = {};

  constructor(private readonly links: HopLinks) {
    links.listen((message) => this.route(message), (slot) => this.gone(slot));
  }

  /** The crawl is over: nothing more is asked or answered. */
  close(): void {
    this.links.close();
    for (const ask of [...this.asks.keys()]) this.unreachable(ask);
  }

  serve(hosts: Partial<OwnedHosts>): void {
    this.hosts = { ...this.hosts, ...hosts };
  }

  async book(ownerSlot: number, hostKey: string): Promise<OwnedSlotBooking | null | 'unreachable'> {
    const answer = await this.ask(ownerSlot, { op: 'book', host: hostKey });
    if (answer.unreachable) return 'unreachable';
    if (answer.waitMs === null || answer.waitMs === undefined) return null;
    const booking = answer.ask;
    const tell = (op: HopOp) => () => void this.post({ op, to: ownerSlot, booking });
    const slot: HostSlot = {
      markSent: tell('sent'),
      releaseSlot: tell('release'),
      cancelReservation: tell('cancel'),
      pausedUntilMs: async () => {
        const paused = await this.ask(ownerSlot, { op: 'paused', booking });
        return typeof paused.waitMs === 'number' ? steadyNowMs() + paused.waitMs : null;
      },
    };
    return { waitMs: answer.waitMs, slot };
  }

  pause(ownerSlot: number, hostKey: string, waitMs: number): void {
    this.post({ op: 'pause', to: ownerSlot, host: hostKey, waitMs });
  }

  async robots(ownerSlot: number, call: OwnedRobotsCall): Promise<OwnedRobotsAnswer | 'unreachable'> {
    const answer = await this.ask(ownerSlot, { op: 'robots', robots: call });
    return answer.unreachable ? 'unreachable' : (answer.result ?? null);
  }

  tell(ownerSlot: number, hostKey: string, news: HostNews): void {
    this.post({ op: 'tell', to: ownerSlot, host: hostKey, news });
  }

  private ask(to: number, fields: Partial<HopWire> & { op: HopOp }): Promise<HopWire> {
    const ask = this.nextAsk++;
    return new Promise((answer) => {
      this.asks.set(ask, { to, answer });
      if (!this.post({ ...fields, to, ask })) this.unreachable(ask);
    });
  }

  private unreachable(ask: number): void {
    const pending = this.asks.get(ask);
    this.asks.delete(ask);
    pending?.answer({ type: 'pricecrawl/hop', op: 'answer', from: pending.to, to: this.links.self, ask, unreachable: true });
  }

  private post(fields: Partial<HopWire> & { op: HopOp; to: number }): boolean {
    return this.route({ type: 'pricecrawl/hop', from: this.links.self, ...fields });
  }

  /** Handled here, or sent on toward its process. */
  private route(message: HopWire): boolean {
    if (message.to === this.links.self) return this.handle(message);
    if (this.links.self === 0 && message.op === 'answer') this.relayed.delete(`${message.from}:${message.to}:${message.ask}`);
    if (this.links.send(message.to, message)) {
      if (this.links.self === 0 && isAsk(message)) this.relayed.set(`${message.to}:${message.from}:${message.ask}`, message);
      return true;
    }
    // No live process holds that slot: the first process took it over (or is about to), so it answers for its hosts.
    if (this.links.self === 0 && message.op !== 'answer') return this.handle({ ...message, to: 0 });
    return false;
  }

  private handle(message: HopWire): boolean {
    const key = `${message.from}:${message.booking}`;
    const slot = this.held.get(key);
    switch (message.op) {
      case 'answer':
        this.asks.get(message.ask!)?.answer(message);
        this.asks.delete(message.ask!);
        break;
      case 'book':
        this.answerBook(message);
        break;
      case 'paused':
        void this.answerPaused(message, slot);
        break;
      case 'sent':
        slot?.markSent();
        break;
      case 'release':
      case 'cancel':
        if (message.op === 'release') slot?.releaseSlot();
        else slot?.cancelReservation();
        this.held.delete(key);
        break;
      case 'robots':
        void this.answerRobots(message);
        break;
      case 'pause':
        this.hosts.pause?.(message.host!, message.waitMs ?? 0);
        break;
      case 'tell':
        this.hosts.tell?.(message.host!, message.news!);
        break;
      case 'gone':
        this.dropHeldOf(message.from);
        break;
    }
    return true;
  }

  private answerBook(message: HopWire): void {
    if (!this.hosts.book) return this.answer(message, { unreachable: true });
    const booked = this.hosts.book(message.host!);
    if (booked) this.held.set(`${message.from}:${message.ask}`, booked.slot);
    this.answer(message, { waitMs: booked ? booked.waitMs : null });
  }

  private async answerRobots(message: HopWire): Promise<void> {
    if (!this.hosts.robots) return this.answer(message, { unreachable: true });
    // A cache that fails answers unreachable: the asker uses its own, as a process with no one to ask does.
    const result = await this.hosts.robots(message.robots!).catch(() => 'unreachable' as const);
    this.answer(message, result === 'unreachable' ? { unreachable: true } : { result });
  }

  private async answerPaused(message: HopWire, slot: HostSlot | undefined): Promise<void> {
    const untilMs = (await slot?.pausedUntilMs?.()) ?? null;
    this.answer(message, { waitMs: untilMs === null ? null : untilMs - steadyNowMs() });
  }

  private answer(asked: HopWire, fields: Partial<HopWire>): void {
    this.route({ type: 'pricecrawl/hop', op: 'answer', from: this.links.self, to: asked.from, ask: asked.ask, ...fields });
  }

  /**
   * A process ended: the slots it booked here are released (it may have sent: the interval stays counted),
   * its answers will not come (this process's asks of it go unanswered as unreachable; the first process
   * answers what it passed on to it itself, since it takes the slot's hosts over), and the first process
   * tells the others so they release what it held with them.
   */
  private gone(slot: number): void {
    this.dropHeldOf(slot);
    for (const [ask, pending] of this.asks) if (pending.to === slot || this.links.self !== 0) this.unreachable(ask);
    if (this.links.self !== 0) return;
    for (const [key, message] of this.relayed) {
      if (!key.startsWith(`${slot}:`)) continue;
      this.relayed.delete(key);
      this.handle({ ...message, to: 0 });
    }
    for (let other = 1; other < this.links.slots; other++) {
      if (other !== slot) this.links.send(other, { type: 'pricecrawl/hop', op: 'gone', from: slot, to: other });
    }
  }

  private dropHeldOf(slot: number): void {
    for (const [key, held] of this.held) {
      if (!key.startsWith(`${slot}:`)) continue;
      held.releaseSlot();
      this.held.delete(key);
    }
  }
}
