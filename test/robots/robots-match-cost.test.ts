// What one URL check costs under a hostile robots.txt: bounded whatever the file holds, with the answers of the plain matcher.
import { describe, expect, it } from 'vitest';
import { PathPattern, type MatchWork } from '../../src/robots/path-pattern';
import { RobotsRules } from '../../src/robots/robots-rules';
import { rulesRefusal } from '../../src/robots/rules-refusal';
import { RuleIndex, WILDCARD_PART_BUDGET, type Rule } from '../../src/robots/rule-index';

/** A seeded generator (mulberry32): the same files and URLs on every run. */
function seeded(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
  };
}

/** Text from a few letters (left as they are by normalisation), so wildcard parts are often found. */
function word(random: (n: number) => number, min: number, max: number, letters = 'abc/'): string {
  let out = '';
  for (let i = min + random(max - min + 1); i > 0; i--) out += letters[random(letters.length)];
  return out;
}

/** The plain reading of RFC 9309 §2.2.2: every rule tried, the longest match decides, Allow on a tie. */
function plainVerdict(rules: readonly Rule[], target: string): boolean {
  let best: Rule | null = null;
  for (const rule of rules) {
    if (!rule.pattern.matches(target)) continue;
    const longer = !best || rule.pattern.length > best.pattern.length;
    if (longer || (rule.pattern.length === best!.pattern.length && rule.allow && !best!.allow)) best = rule;
  }
  return best?.allow ?? true;
}

function fileOf(rules: readonly Rule[]): string {
  return `User-agent: *\n${rules.map((rule) => `${rule.allow ? 'Allow' : 'Disallow'}: ${rule.pattern.source}`).join('\n')}\n`;
}

function targets(random: (n: number) => number, rules: readonly Rule[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    // Half start as a rule does, so prefixes are shared and literal rules decide too.
    const head = i % 2 === 0 ? rules[random(rules.length)].pattern.prefix : '/';
    // Without doubled slashes, which isAllowed also reads merged (robots-rules.ts): the plain matcher does not.
    const path = `${head}${word(random, 0, 60)}`.replace(/\/{2,}/g, '/');
    return `${path}${i % 3 === 0 ? `?s=${word(random, 1, 6, 'abc')}` : ''}`;
  });
}

describe('robots.txt matching cost', () => {
  it('a file of 1,000 wildcard and 1,500 literal rules decides 10,000 URLs as the plain matcher does, in bounded steps', () => {
    const random = seeded(9);
    const rules: Rule[] = [];
    for (let i = 0; i < 1000; i++) {
      const parts = Array.from({ length: 1 + random(2) }, () => word(random, 1, 3));
      const source = `/${word(random, 0, 2)}*${parts.join('*')}${random(4) === 0 ? '$' : ''}`;
      rules.push({ allow: random(3) === 0, pattern: new PathPattern(source) });
    }
    for (let i = 0; i < 1500; i++) {
      rules.push({ allow: random(3) === 0, pattern: new PathPattern(`/${word(random, 1, 12)}${random(5) === 0 ? '$' : ''}`) });
    }
    const index = new RuleIndex(rules);
    const agent = RobotsRules.parse(fileOf(rules)).forAgent('pricecrawl/1.0');
    expect(index.cutPatterns).toBe(0);
    const verdicts = { allowed: 0, disallowed: 0 };
    const wrong: string[] = [];
    const overBudget: string[] = [];
    for (const target of targets(random, rules, 10_000)) {
      const work: MatchWork = { steps: 0 };
      const expected = plainVerdict(rules, target);
      if ((index.best(target, true, work)?.allow ?? true) !== expected) wrong.push(`index ${target}`);
      if (agent.isAllowed(`https://shop.example${target}`) !== expected) wrong.push(`file ${target}`);
      if (work.steps > target.length + 1 + WILDCARD_PART_BUDGET) overBudget.push(target);
      verdicts[expected ? 'allowed' : 'disallowed']++;
    }
    expect(wrong).toEqual([]);
    expect(overBudget).toEqual([]);
    // Both answers are common: the comparison means something.
    expect(Math.min(verdicts.allowed, verdicts.disallowed)).toBeGreaterThan(1000);
  });

  it('a hostile 500 KiB file of wildcard rules costs each URL the same bounded steps, and keeps out whatever it disallows', () => {
    const random = seeded(7);
    const rules: Rule[] = [{ allow: false, pattern: new PathPattern('/private/') }];
    let bytes = 0;
    let parts = 0;
    while (bytes < 490 * 1024) {
      const source = `/*${Array.from({ length: 4 + random(12) }, () => word(random, 1, 2, 'abcdefg')).join('*')}`;
      const rule = { allow: random(4) === 0, pattern: new PathPattern(source) };
      rules.push(rule);
      bytes += source.length + 11;
      parts += rule.pattern.rest.length;
    }
    rules.push({ allow: true, pattern: new PathPattern('/ok/') });
    // The file asks for fifty times the searches the budget allows, per URL.
    expect(parts).toBeGreaterThan(50 * WILDCARD_PART_BUDGET);
    const index = new RuleIndex(rules);
    const agent = RobotsRules.parse(fileOf(rules)).forAgent('pricecrawl');
    expect(index.cutPatterns).toBeGreaterThan(10_000);
    expect(agent.cutPatterns).toBe(index.cutPatterns);
    let checkedPlain = 0;
    const overBudget: string[] = [];
    const letThrough: string[] = [];
    for (const [i, target] of targets(random, rules, 10_000).entries()) {
      const work: MatchWork = { steps: 0 };
      const allowed = index.best(target, true, work)?.allow ?? true;
      if (work.steps > target.length + 1 + WILDCARD_PART_BUDGET) overBudget.push(target);
      // The plain matcher is slow on this file: every 40th URL. Nothing it keeps out is fetched.
      if (i % 40 === 0) {
        checkedPlain++;
        if (allowed && !plainVerdict(rules, target)) letThrough.push(target);
      }
    }
    expect(overBudget).toEqual([]);
    expect(letThrough).toEqual([]);
    expect(checkedPlain).toBe(250);
    expect(agent.isAllowed('https://shop.example/private/1')).toBe(false);
    expect(agent.isAllowed('https://shop.example/robots.txt')).toBe(true);
    // A refusal the budget may have made says so (a one-off fetch prints it).
    expect(rulesRefusal(agent, 'https://shop.example/ok/zzz', 60_000)?.message).toContain(`${index.cutPatterns} of them were read as keeping out`);
    expect(rulesRefusal(RobotsRules.parse('User-agent: *\nDisallow: /*a*b\n').forAgent('pricecrawl'), 'https://shop.example/ab', 60_000)?.message).toBe('robots.txt of https://shop.example disallows https://shop.example/ab');
  });
});
