// The shape of the robots.txt table test: a file, the agent asking, and paths with the expected verdict.

/** `true`: allowed; `false`: disallowed. Paths are fetched as `https://example.com<path>`. */
export type Verdicts = ReadonlyArray<readonly [path: string, allowed: boolean]>;

export interface RobotsCase {
  name: string;
  robots: string;
  /** The crawler's user agent or token; default `pricecrawl`. */
  agent?: string;
  verdicts: Verdicts;
}

/** The same verdicts for a rule path used as Disallow (matches disallowed) and as Allow under `Disallow: /`. */
export function bothWays(name: string, rulePath: string, matches: readonly string[], nonMatches: readonly string[]): RobotsCase[] {
  return [
    {
      name: `${name} as Disallow`,
      robots: `User-agent: *\nDisallow: ${rulePath}\n`,
      verdicts: [...matches.map((p) => [p, false] as const), ...nonMatches.map((p) => [p, true] as const)],
    },
    {
      name: `${name} as Allow over Disallow: /`,
      robots: `User-agent: *\nDisallow: /\nAllow: ${rulePath}\n`,
      verdicts: [...matches.map((p) => [p, true] as const), ...nonMatches.filter((p) => p !== '/robots.txt').map((p) => [p, false] as const)],
    },
  ];
}
