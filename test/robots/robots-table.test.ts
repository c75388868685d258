// The robots.txt matcher against a table of files, agents and URLs with the verdict RFC 9309 and the search engines document.
import { describe, expect, it } from 'vitest';
import { RobotsRules } from '../../src/robots/robots-rules';
import { RFC_CASES } from './robots-table-rfc';
import { SHOP_CASES } from './robots-table-shops';
import { SYNTAX_CASES } from './robots-table-syntax';

const CASES = [...RFC_CASES, ...SYNTAX_CASES, ...SHOP_CASES];

describe('robots.txt table', () => {
  for (const { name, robots, agent, verdicts } of CASES) {
    it(name, () => {
      const rules = RobotsRules.parse(robots).forAgent(agent ?? 'pricecrawl');
      const got = verdicts.map(([path]) => [path, rules.isAllowed(`https://example.com${path}`)]);
      expect(got).toEqual(verdicts.map(([path, allowed]) => [path, allowed]));
    });
  }

  it('holds hundreds of verdicts', () => {
    expect(CASES.reduce((sum, c) => sum + c.verdicts.length, 0)).toBeGreaterThanOrEqual(300);
  });
});
