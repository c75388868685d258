// The limits and the Crawl-delay of the robots.txt matcher: 500 KiB, the line length, delays per group.
import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, MAX_ROBOTS_BYTES } from '../../src/robots/robots-lines';
import { RobotsRules } from '../../src/robots/robots-rules';
import { settingsSchema } from '../../src/settings/schema';

const allowed = (robots: string, path: string, agent = 'pricecrawl') => RobotsRules.parse(robots).forAgent(agent).isAllowed(`https://example.com${path}`);

describe('robots.txt size limit (500 KiB)', () => {
  const filler = '# filler line to grow the file past its size limit\n'.repeat(Math.ceil(MAX_ROBOTS_BYTES / 50));

  it('reads rules within the limit and ignores those after it', () => {
    const robots = `User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`;
    expect(Buffer.byteLength(robots)).toBeGreaterThan(MAX_ROBOTS_BYTES);
    expect(allowed(robots, '/early')).toBe(false);
    expect(allowed(robots, '/late')).toBe(true);
  });

  it('drops the line the limit cuts in two instead of reading half of it', () => {
    const head = `User-agent: *\nDisallow: /a\n${'#'.repeat(MAX_ROBOTS_BYTES - 40)}\n`;
    const cut = 'Allow: /a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u\n';
    const robots = head + cut;
    // The limit falls inside the Allow line: read whole it would be an Allow of a shorter path.
    expect(Buffer.byteLength(head)).toBeLessThan(MAX_ROBOTS_BYTES);
    expect(Buffer.byteLength(robots)).toBeGreaterThan(MAX_ROBOTS_BYTES);
    expect(allowed(robots, '/a/b')).toBe(false);
  });

  it('counts bytes, not characters', () => {
    const robots = `User-agent: *\nDisallow: /early\n${'# é\n'.repeat(Math.ceil(MAX_ROBOTS_BYTES / 4.5))}Disallow: /late\n`;
    expect(robots.length).toBeLessThan(MAX_ROBOTS_BYTES);
    expect(Buffer.byteLength(robots)).toBeGreaterThan(MAX_ROBOTS_BYTES);
    expect(allowed(robots, '/late')).toBe(true);
  });
});

describe('robots.txt line length limit', () => {
  const longPath = `/${'a'.repeat(MAX_LINE_CHARS)}`;

  it('cuts an over-long Disallow, which only widens what we stay out of', () => {
    const robots = `User-agent: *\nDisallow: ${longPath}x\n`;
    expect(allowed(robots, `${longPath}x`)).toBe(false);
    expect(allowed(robots, `${longPath}y`)).toBe(false);
    expect(allowed(robots, '/b')).toBe(true);
  });

  it('drops an over-long Allow rather than allow more than it says', () => {
    const robots = `User-agent: *\nDisallow: /\nAllow: ${longPath}x\n`;
    expect(allowed(robots, `${longPath}x`)).toBe(false);
  });

  it('keeps reading after an over-long line', () => {
    const robots = `User-agent: *\n# ${'x'.repeat(MAX_LINE_CHARS * 2)}\nDisallow: /after\n`;
    expect(allowed(robots, '/after')).toBe(false);
  });
});

// A file is the site's to write: one built to make a pattern retry from every space of a long run held the
// event loop, every host of the crawl with it, while it was read.
describe('robots.txt lines with long runs of white space', () => {
  it('reads each line in one pass: a run before the end of a line is not retried from each of its spaces', () => {
    // The ends of each line were trimmed by a pattern anchored at the end: two such lines held the loop for minutes.
    const run = ' '.repeat(100_000);
    const robots = `User-agent: *\nDisallow: /a${run}\nAllow: /b${run}x\n#${run}x\nDisallow: /e${run}# end\n`;
    expect(['/a', '/b', '/e', '/f'].map((path) => allowed(robots, path))).toEqual([false, true, false, true]);
  });

  it('reads a Request-rate padded inside as unreadable without retrying the padding', () => {
    // Each such line held the loop for over a second; thirty fit in the 500 KiB a file is read to.
    const padded = `1/10${' '.repeat(16_000)}!`;
    const rules = RobotsRules.parse(`User-agent: *\n${`Request-rate: ${padded}\n`.repeat(30)}`).forAgent('pricecrawl');
    expect(rules.unreadableCrawlDelay).toBe(padded);
  }, 10_000);
});

describe('Crawl-delay', () => {
  const delay = (robots: string, agent = 'pricecrawl') => RobotsRules.parse(robots).forAgent(agent).crawlDelayMs;

  it('reads seconds, decimals included, from the group that applies', () => {
    expect(delay('User-agent: *\nCrawl-delay: 2\n')).toBe(2000);
    expect(delay('User-agent: *\nCrawl-delay: 0.5\n')).toBe(500);
    expect(delay('User-agent: *\ncrawl-delay: .25\n')).toBe(250);
    expect(delay('User-agent: *\nCrawldelay 3\n')).toBe(3000);
    expect(delay('User-agent: *\nCrawl-delay: 2\n\nUser-agent: pricecrawl\nCrawl-delay: 7\n')).toBe(7000);
    expect(delay('User-agent: pricecrawl\nDisallow: /x\n\nUser-agent: *\nCrawl-delay: 9\n')).toBeNull();
  });

  it('takes the largest when merged groups give several', () => {
    expect(delay('User-agent: pricecrawl\nCrawl-delay: 1\n\nUser-agent: pricecrawl\nCrawl-delay: 4\n')).toBe(4000);
  });

  // `MJ12bot; pricecrawl` is read by its first token alone (RFC 9309), but it names us too: its wait holds.
  it('holds the Crawl-delay of a group that lists us after another crawler, beside the group that applies', () => {
    expect(delay('User-agent: *\nCrawl-delay: 2\nDisallow: /cart/\n\nUser-agent: MJ12bot; pricecrawl\nCrawl-delay: 20\n')).toBe(20_000);
    expect(delay('User-agent: *\nCrawl-delay: 2\nDisallow: /cart/\n\nUser-agent: MJ12bot; pricecrawl\nCrawl-delay: 20\n', 'otherbot')).toBe(2_000);
    expect(RobotsRules.parse('User-agent: a, pricecrawl\nCrawl-delay: soon\n').forAgent('pricecrawl').unreadableCrawlDelay).toBe('soon');
  });

  it('takes the largest of several in one group, not the last', () => {
    expect(delay('User-agent: *\nCrawl-delay: 10\nDisallow: /x\nCrawl-delay: 1\n')).toBe(10_000);
  });

  it('reads a number too large for a double as endless, not as no delay', () => {
    expect(delay(`User-agent: *\nCrawl-delay: ${'9'.repeat(400)}\n`)).toBe(Infinity);
  });

  // Written at the top of the file, before any group (`Crawl-delay: 10` over a Puppet-managed file), it asks it of
  // every crawler: ignored, we crawled at our own pace where the site asked everyone for ten seconds.
  it('reads a Crawl-delay or Request-rate before any user-agent line as asked of every crawler, beside the group that applies', () => {
    expect(delay('Crawl-delay: 10\n\nUser-agent: *\nDisallow: /x\n')).toBe(10_000);
    expect(delay('# site-wide\nCrawl-delay: 3\nUser-agent: pricecrawl\nCrawl-delay: 1\n')).toBe(3_000);
    expect(delay('Crawl-delay: 1\nUser-agent: pricecrawl\nCrawl-delay: 4\n')).toBe(4_000);
    expect(delay('Request-rate: 1/20s\nUser-agent: other\nDisallow: /\n')).toBe(20_000);
    expect(RobotsRules.parse('Crawl-delay: soon\nUser-agent: *\nDisallow: /x\n').forAgent('pricecrawl').unreadableCrawlDelay).toBe('soon');
    // A rule before any group is still no rule (RFC 9309, Google): only the wait is read so, and a wait is never ruder.
    expect(allowed('Crawl-delay: 10\nDisallow: /x\nUser-agent: *\nDisallow: /y\n', '/x')).toBe(true);
  });

  it('belongs to every agent of the group it sits in, before or between the user-agent lines', () => {
    expect(delay('User-agent: other\nCrawl-delay: 5\nUser-agent: pricecrawl\nDisallow: /x\n')).toBe(5000);
  });

  it('reads a Request-rate as the wait it asks for, all day whatever its time window, and the longest of it and a Crawl-delay', () => {
    expect(delay('User-agent: *\nRequest-rate: 1/10s\n')).toBe(10_000);
    expect(delay('User-agent: *\nRequest-rate: 1/5\n')).toBe(5_000);
    expect(delay('User-agent: *\nrequest-rate: 30/1m\n')).toBe(2_000);
    expect(delay('User-agent: *\nRequest-rate: 1/1h\n')).toBe(3_600_000);
    expect(delay('User-agent: *\nRequest-rate: 2 / 3s 0600-0845\n')).toBe(1_500);
    expect(delay('User-agent: *\nCrawl-delay: 4\nRequest-rate: 1/10s\n')).toBe(10_000);
    expect(delay('User-agent: *\nRequest-rate: 1/2s\nCrawl-delay: 4\n')).toBe(4_000);
    expect(delay('User-agent: pricecrawl\nRequest-rate: 1/3s\nUser-agent: other\nDisallow: /x\n', 'other')).toBe(3_000);
    expect(delay('User-agent: *\nRequest-rate:\n')).toBeNull();
  });

  // Ignored, `1/10sec` had us crawl at our own pace when the site asked for one request each 10 seconds.
  it('reads a Request-rate with its unit spelt out or its time window written with colons', () => {
    const cases: Array<[string, number]> = [
      ['1/10sec', 10_000], ['1/10 seconds', 10_000], ['1/1 min', 60_000], ['2/1minute', 30_000], ['6/1hour', 600_000],
      ['1/1d', 86_400_000], ['24/1 day', 3_600_000], ['1/10s 06:00-08:45', 10_000], ['1/10s 6:00 - 8:45', 10_000], ['1/0.5s', 500],
    ];
    for (const [value, ms] of cases) expect(delay(`User-agent: *\nRequest-rate: ${value}\n`), value).toBe(ms);
  });

  // As for Crawl-delay: the site asked for a pace we cannot tell, so the origin is refused rather than crawled at ours.
  it('keeps a Request-rate it cannot read, so the origin is refused instead of crawled at our own pace', () => {
    // A period of nothing (`1/0`, `1/0.0s`) is no pace either: read as no wait, a junk value let us crawl at ours.
    for (const value of ['0/10s', '1/0', '1/0s', '5/0.0 min', '0/0', '1/10x', 'fast', '-1/10s', '1/', '/10s', '1 per 10 seconds', '1/10s at night']) {
      const rules = RobotsRules.parse(`User-agent: *\nRequest-rate: ${value}\n`).forAgent('pricecrawl');
      expect(rules.unreadableCrawlDelay, value).toBe(value);
    }
  });

  // Values as found in the wild: a decimal comma, a unit. Ignored, they let us crawl faster than the site asked.
  it('reads a decimal comma and a unit of time as the wait they name', () => {
    const cases: Array<[string, number]> = [
      ['1,5', 1_500], ['0,25', 250], ['10s', 10_000], ['10 s', 10_000], ['10 sec', 10_000], ['5 seconds', 5_000], ['1 second', 1_000],
      ['2.5S', 2_500], ['500ms', 500], ['2 min', 120_000], ['1m', 60_000], ['3 minutes', 180_000], ['10.', 10_000],
      // A comma before three digits may be a thousands separator: the longer reading holds.
      ['1,500', 1_500_000],
      // An exponent is a number too: `1e3` asks for 1000 s (refused as above the ceiling, not as unreadable).
      ['1e3', 1_000_000], ['2E1', 20_000], ['1.5e1s', 15_000], ['5e-1', 500],
    ];
    for (const [value, ms] of cases) expect(delay(`User-agent: *\nCrawl-delay: ${value}\n`), value).toBe(ms);
  });

  it('reads an empty or negative value as no wait asked', () => {
    for (const value of ['', '-1', '-0.5', '- 3']) {
      const rules = RobotsRules.parse(`User-agent: *\nCrawl-delay: ${value}\n`).forAgent('pricecrawl');
      expect([rules.crawlDelayMs, rules.unreadableCrawlDelay], value).toEqual([null, null]);
    }
  });

  it('keeps a value it cannot read, so the origin is refused instead of crawled at our own pace', () => {
    for (const value of ['abc', 'ten', 'Infinity', 'NaN', '1e', 'e3', '5-10', '1,5,0', '10 hours maybe', '0x10']) {
      const rules = RobotsRules.parse(`User-agent: *\nCrawl-delay: ${value}\n`).forAgent('pricecrawl');
      expect(rules.unreadableCrawlDelay, value).toBe(value);
    }
    // Only the groups that apply to us count.
    expect(RobotsRules.parse('User-agent: other\nCrawl-delay: soon\nDisallow: /x\n\nUser-agent: *\nCrawl-delay: 2\n').forAgent('pricecrawl').unreadableCrawlDelay).toBeNull();
  });
});

describe('robots.userAgentToken', () => {
  const accepts = (userAgentToken: string) => settingsSchema.safeParse({ robots: { userAgentToken } }).success;

  it('takes an RFC 9309 product token, with a version or comment after it', () => {
    for (const token of ['pricecrawl', 'Price-Crawl_Bot', 'PriceCrawl/1.0', 'pricecrawl (+https://example.org/bot)']) expect(accepts(token), token).toBe(true);
  });

  it('refuses a name files would read as another token', () => {
    for (const token of ['', 'pricecrawl2', 'price.crawl', '*', '/pricecrawl', 'pricecrawl,x']) expect(accepts(token), token).toBe(false);
  });
});

describe('a URL whose query mark asks for no query (`/p?`)', () => {
  // Chromium sends `/p?` as written, our HTTP fetcher `/p`: the URL is fetched only when both are allowed.
  it('is kept out by a rule for URLs with a query and by one that ends the path, either way it may be sent', () => {
    expect(allowed('User-agent: *\nDisallow: /*?\n', '/p?')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /p$\n', '/p?')).toBe(false);
    expect(allowed('User-agent: *\nDisallow: /*?\n', '/p')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /*?\n', '/p?#top')).toBe(false);
  });
});
