// The hours of the day a robots.txt group takes crawlers in (`Visit-time: 1000-1245`, UTC), and the next time they open.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** One window of the day in UTC, in ms after midnight; `fromMs > toMs` runs across midnight (`2200-0400`). */
export interface VisitWindow {
  fromMs: number;
  toMs: number;
}

/**
 * `HHMM-HHMM` as the Extended Standard for Robot Exclusion writes it, also `HH:MM-HH:MM`, the two times
 * apart by white space, and a `UTC`/`GMT`/`Z` after them (the times are UTC whether it is written or not).
 */
const VISIT_TIME = /^(\d{1,2}):?(\d{2})\s*(?:-|\s)\s*(\d{1,2}):?(\d{2})(?:\s*(?:utc|gmt|z))?$/i;

/**
 * The window one `Visit-time` value names, nothing (empty), or `unreadable`: a time of day out of range, a
 * zone other than UTC, a window that starts where it ends (all day, or never?). Not read, such a line
 * asked for hours we cannot tell, and the origin is refused as for an unreadable Crawl-delay.
 */
export function visitWindowOf(value: string): VisitWindow | null | 'unreadable' {
  if (value === '') return null;
  const match = VISIT_TIME.exec(value);
  if (!match) return 'unreadable';
  const [fromMs, toMs] = [timeOfDayMs(match[1], match[2]), timeOfDayMs(match[3], match[4])];
  if (fromMs === null || toMs === null || fromMs % DAY_MS === toMs) return 'unreadable';
  // `24:00` starts the day it ends; as an end it closes the day (`0000-2400`: all day).
  return { fromMs: fromMs % DAY_MS, toMs };
}

/** `24:00` ends a day; no other hour past 23 or minute past 59 is a time. */
function timeOfDayMs(hours: string, minutes: string): number | null {
  const [h, m] = [Number(hours), Number(minutes)];
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return null;
  return (h * 60 + m) * MINUTE_MS;
}

function isInside(window: VisitWindow, atMs: number): boolean {
  const dayMs = ((atMs % DAY_MS) + DAY_MS) % DAY_MS;
  const { fromMs, toMs } = window;
  return fromMs < toMs ? dayMs >= fromMs && dayMs < toMs : dayMs >= fromMs || dayMs < toMs;
}

/** The window's start at `atMs` or the first after it. */
function nextStartMs(window: VisitWindow, atMs: number): number {
  const today = atMs - (((atMs % DAY_MS) + DAY_MS) % DAY_MS) + window.fromMs;
  return today >= atMs ? today : today + DAY_MS;
}

/**
 * Null when a crawler may visit at `nowMs`, else the first time it may. Each set is the windows of groups
 * read as one (any of them lets the crawler in); with several sets (several names, or groups that list
 * the crawler beside the one that applies) every set must let it in. They all repeat daily, so that time
 * is now or one of the next starts; none (windows that never meet) is Infinity.
 */
export function nextVisitAtMs(sets: ReadonlyArray<readonly VisitWindow[]>, nowMs: number): number | null {
  const open = (atMs: number) => sets.every((windows) => windows.some((window) => isInside(window, atMs)));
  if (open(nowMs)) return null;
  const starts = sets.flat().map((window) => nextStartMs(window, nowMs));
  return starts.sort((a, b) => a - b).find(open) ?? Infinity;
}

/** The windows as people write them (`10:00-12:45`), for log lines and messages. */
export function visitHours(sets: ReadonlyArray<readonly VisitWindow[]>): string[] {
  const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
  return sets.flat().map(({ fromMs, toMs }) => `${clock(fromMs)}-${toMs === DAY_MS ? '24:00' : clock(toMs)}`);
}
