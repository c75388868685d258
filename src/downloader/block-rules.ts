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

/**
 * A block page often comes with a 200, so the status alone cannot tell. Patterns run over the first
 * `scanChars` of the decoded text only: block pages are small, product pages can be megabytes.
 */
export class BlockRules {
  private readonly compiled = new Map<string, CompiledRules>();

  constructor(private readonly settings: BlockDetectionSettings) {}

  detect(hostKey: string, status: number, text: string): BlockMatch | null {
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
