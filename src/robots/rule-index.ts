// One crawler's Allow/Disallow rules compiled once: indexed by their literal prefix, wildcard work capped, the longest match found per URL.
import type { MatchWork, PathPattern } from './path-pattern';
import { PrefixTrie } from './prefix-trie';

export interface Rule {
  allow: boolean;
  pattern: PathPattern;
}

/** The rule that decides: the longest matching pattern, Allow on a tie (RFC 9309 §2.2.2). */
export interface Best {
  length: number;
  allow: boolean;
}

/**
 * The wildcard parts (literal text after a `*`) a URL check may search, per crawler: each is one search of
 * the URL, so a check costs at most this many searches beside one step per character of the URL. Real
 * files hold tens to hundreds (`/*?sort=` is one); a hostile 500 KiB file of `/*a*b*c…` holds 100,000s,
 * each searched for every URL (40–120 ms per URL, on the loop every host shares).
 */
export const WILDCARD_PART_BUDGET = 2000;

/** Rules stored at one literal prefix. */
interface Slot {
  /** Longest rules that match every target starting here (no `*` after the prefix, or read so: see cut). */
  allowLength: number;
  disallowLength: number;
  /** Longest rules that match only the prefix itself (`/a$`). */
  exactAllowLength: number;
  exactDisallowLength: number;
  /** Rules with text after a `*`, longest first. */
  wildcards: Rule[];
}

export class RuleIndex {
  /** Wildcard patterns past the budget: Disallow ones read as their prefix alone, Allow ones dropped. */
  readonly cutPatterns: number;
  private readonly trie = new PrefixTrie<Slot>();

  /**
   * Past the budget a pattern is not searched. A Disallow is then taken to match every target starting
   * with its prefix, at its own length (it can only keep out more than the file says: `/*a*b` keeps out
   * all of `/`), and an Allow is dropped (without it, never more is fetched). Identical patterns count once.
   */
  constructor(rules: readonly Rule[]) {
    let budget = WILDCARD_PART_BUDGET;
    let cut = 0;
    const slots: Slot[] = [];
    const seen = new Set<string>();
    const create = (): Slot => newSlot(slots);
    for (const rule of rules) {
      const { allow, pattern } = rule;
      const parts = pattern.rest.length;
      // A repeated wildcard pattern is searched once (a rule without one is a length kept per slot: repeats change nothing).
      if (parts > 0) {
        const key = `${allow ? 'A' : 'D'}${pattern.source}`;
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const slot = this.trie.at(pattern.prefix, create);
      if (parts > 0 && parts <= budget) {
        budget -= parts;
        slot.wildcards.push(rule);
        continue;
      }
      if (parts > 0) cut++;
      if (parts > 0 && allow) continue;
      const exact = parts === 0 && pattern.endAnchored;
      const kind = exact ? (allow ? 'exactAllowLength' : 'exactDisallowLength') : allow ? 'allowLength' : 'disallowLength';
      slot[kind] = Math.max(slot[kind], pattern.length);
    }
    for (const slot of slots) slot.wildcards.sort((a, b) => b.pattern.length - a.pattern.length);
    this.cutPatterns = cut;
  }

  /**
   * The deciding rule for a normalised target, or null when none matches; `allows: false` looks at
   * Disallow rules only. `work` counts trie steps and wildcard part searches.
   */
  best(target: string, allows: boolean, work?: MatchWork): Best | null {
    let best: Best | null = null;
    const take = (length: number, allow: boolean): void => {
      if (length >= 0 && (allows || !allow) && beats(length, allow, best)) best = { length, allow };
    };
    const steps = this.trie.prefixesOf(target, (slot, prefixLength) => {
      take(slot.allowLength, true);
      take(slot.disallowLength, false);
      if (prefixLength === target.length) {
        take(slot.exactAllowLength, true);
        take(slot.exactDisallowLength, false);
      }
      for (const { allow, pattern } of slot.wildcards) {
        if (!allows && allow) continue;
        // Longest first: once one cannot beat the best, none after it can.
        if (!beats(pattern.length, allow, best)) {
          if (pattern.length < (best?.length ?? 0)) break;
          continue;
        }
        if (pattern.matchesAfterPrefix(target, work)) take(pattern.length, allow);
      }
    });
    if (work) work.steps += steps;
    return best;
  }
}

/** Whether a rule of this length and kind would decide over the best so far. */
export function beats(length: number, allow: boolean, best: Best | null): boolean {
  return best === null || length > best.length || (length === best.length && allow && !best.allow);
}

function newSlot(slots: Slot[]): Slot {
  const slot: Slot = { allowLength: -1, disallowLength: -1, exactAllowLength: -1, exactDisallowLength: -1, wildcards: [] };
  slots.push(slot);
  return slot;
}
