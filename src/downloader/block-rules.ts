// Decides whether a response is a block or CAPTCHA page, from per-host status and body-pattern rules.
import type { Settings } from '../settings/schema';

export type BlockDetectionSettings = Settings['blockDetection'];

/** Which rule matched, for logs and stats: `status/999` or the pattern's source. */
export interface BlockMatch {
  rule: string;
}

interface CompiledRules {
  statuses: readonly number[];
  patterns: readonly RegExp[];
  scanChars: number;
}

/** The last question and its answer: every middleware that reacts to blocks asks about the same response. */
interface LastAnswer {
  hostKey: string;
  status: number;
  text: string;
  match: BlockMatch | null;
}

/**
 * A block page often comes with a 200, so the status alone cannot tell. Patterns run over the first
 * `scanChars` of the decoded text only: block pages are small, product pages can be megabytes.
 *
 * One instance per crawl is shared by block detection, the breaker, the adaptive throttle and sessions;
 * they ask one after the other about the same response, so the last answer is kept and each body is
 * scanned once. A repeated `text` is normally the very same string, which `===` compares by pointer.
 */
export class BlockRules {
  private readonly compiled = new Map<string, CompiledRules>();
  private last: LastAnswer | null = null;

  constructor(private readonly settings: BlockDetectionSettings) {}

  detect(hostKey: string, status: number, text: string): BlockMatch | null {
    const last = this.last;
    if (last && last.text === text && last.status === status && last.hostKey === hostKey) return last.match;
    const match = this.scan(hostKey, status, text);
    this.last = { hostKey, status, text, match };
    return match;
  }

  private scan(hostKey: string, status: number, text: string): BlockMatch | null {
    const rules = this.rulesFor(hostKey);
    if (rules.statuses.includes(status)) return { rule: `status/${status}` };
    const head = text.length > rules.scanChars ? text.slice(0, rules.scanChars) : text;
    const hit = rules.patterns.find((pattern) => pattern.test(head));
    return hit ? { rule: hit.source } : null;
  }

  private rulesFor(hostKey: string): CompiledRules {
    let rules = this.compiled.get(hostKey);
    if (!rules) {
      const override = this.settings.hosts[hostKey] ?? {};
      rules = {
        statuses: override.statuses ?? this.settings.statuses,
        patterns: (override.patterns ?? this.settings.patterns).map((source) => new RegExp(source, 'i')),
        scanChars: override.scanChars ?? this.settings.scanChars,
      };
      this.compiled.set(hostKey, rules);
    }
    return rules;
  }
}
