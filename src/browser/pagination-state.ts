// The termination rules of infinite scroll and cursor pagination, as a pure state machine over observations.

/** Why pagination stopped; stable codes a spider can log or count. */
export type PaginationStop = 'pagination/end' | 'pagination/no-new-items' | 'pagination/cursor-repeated' | 'pagination/cap';

export interface PaginationLimits {
  /** Hard cap on observations (page loads, scrolls): pagination stops there whatever the site does. */
  maxSteps: number;
  /** Consecutive observations without a new item that end it (1: the first empty step stops). */
  maxIdleSteps?: number;
}

/** What one step showed: the item keys now visible (or fetched), and the next-page token if the source has one. */
export interface PaginationObservation {
  keys: Iterable<string>;
  /** A string: the next cursor; null: the source says there is no next page; undefined: no cursor here. */
  cursor?: string | null;
}

export type PaginationDecision = { type: 'continue'; newKeys: string[] } | { type: 'stop'; newKeys: string[]; reason: PaginationStop };

/**
 * Loading (the caller scrolls or fetches) → observing (this class) → continue or stopped. Every
 * observation counts against `maxSteps`, so the loop ends after at most that many steps even if the site
 * keeps inventing items and cursors. Checks, in order: the source said "end"; it handed out a cursor
 * it had handed out before (a loop); no new item for `maxIdleSteps` steps; the cap.
 */
export class PaginationState {
  private readonly seenKeys = new Set<string>();
  private readonly seenCursors = new Set<string>();
  private steps = 0;
  private idleSteps = 0;
  private stoppedBy: PaginationStop | null = null;

  constructor(private readonly limits: PaginationLimits) {
    if (!Number.isInteger(limits.maxSteps) || limits.maxSteps < 1) throw new RangeError('maxSteps must be a positive integer');
  }

  observe(observation: PaginationObservation): PaginationDecision {
    if (this.stoppedBy) throw new Error(`pagination already stopped (${this.stoppedBy})`);
    this.steps++;
    const newKeys: string[] = [];
    for (const key of observation.keys) {
      if (this.seenKeys.has(key)) continue;
      this.seenKeys.add(key);
      newKeys.push(key);
    }
    this.idleSteps = newKeys.length === 0 ? this.idleSteps + 1 : 0;
    const reason = this.stopReason(observation.cursor);
    if (reason === null) return { type: 'continue', newKeys };
    this.stoppedBy = reason;
    return { type: 'stop', newKeys, reason };
  }

  private stopReason(cursor: string | null | undefined): PaginationStop | null {
    if (cursor === null) return 'pagination/end';
    if (cursor !== undefined) {
      if (this.seenCursors.has(cursor)) return 'pagination/cursor-repeated';
      this.seenCursors.add(cursor);
    }
    if (this.idleSteps >= (this.limits.maxIdleSteps ?? 1)) return 'pagination/no-new-items';
    if (this.steps >= this.limits.maxSteps) return 'pagination/cap';
    return null;
  }

  /** A cursor the caller started from: handing it back later is a loop. Not a step. */
  startFrom(cursor: string): void {
    this.seenCursors.add(cursor);
  }

  /** Every distinct key seen, in first-seen order. */
  get keys(): string[] {
    return [...this.seenKeys];
  }

  get stepCount(): number {
    return this.steps;
  }

  get stopped(): PaginationStop | null {
    return this.stoppedBy;
  }
}

/** What a pagination helper returns: every distinct item, how many steps it took, and why it stopped. */
export interface PaginationResult<T> {
  items: T[];
  steps: number;
  reason: PaginationStop;
}
