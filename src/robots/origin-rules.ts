// One origin's parsed robots.txt, judged for the names each request goes by (crawler-names.ts); each set of names is read once.
import type { Settings } from '../settings/schema';
import { crawlerNames, userAgentHeader } from './crawler-names';
import { RobotsRules, type AgentRules } from './robots-rules';

export class OriginRules {
  /** The rules for the names the settings give (their Crawl-delay spaces the host). */
  readonly crawl: AgentRules;
  private readonly parsed: RobotsRules;
  private readonly byNames = new Map<string, AgentRules>();

  constructor(
    text: string,
    private readonly settings: Pick<Settings, 'http' | 'robots'>,
  ) {
    this.parsed = RobotsRules.parse(text);
    this.crawl = this.forNames(crawlerNames(settings));
  }

  /**
   * The rules for a request, whose own `User-Agent` header (a spider's per-request one) replaces the
   * settings' in what the site sees, so its token is the name a group for it would use.
   */
  forRequest(headers: Readonly<Record<string, string>>): AgentRules {
    // Most requests send the settings' User-Agent: their names are `crawl`'s, read once, not on every request.
    return userAgentHeader(headers) === undefined ? this.crawl : this.forNames(crawlerNames(this.settings, headers));
  }

  private forNames(names: string[]): AgentRules {
    const key = names.join('\n');
    let rules = this.byNames.get(key);
    if (!rules) {
      rules = this.parsed.forAgents(names);
      this.byNames.set(key, rules);
    }
    return rules;
  }
}
