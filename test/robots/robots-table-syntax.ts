// Table cases for the syntax real robots.txt files use: case, typos, missing colons, line ends, BOM, odd agents and paths.
import type { RobotsCase } from './robots-table-types';

const blocked = (path: string) => [[path, false], ['/open', true]] as const;

/** Each spelling of a Disallow line, alone in the `*` group, must keep the crawler out of /private. */
const DISALLOW_SPELLINGS = [
  'Disallow: /private', 'disallow: /private', 'DISALLOW: /private', 'DisAllow:/private', 'Disallow :  /private', '  Disallow: /private  ',
  'Disallow:\t/private', 'dissallow: /private', 'dissalow: /private', 'disalow: /private', 'diasllow: /private', 'disallaw: /private',
  'Disallow /private', 'disallow    /private', 'Dissallow /private', 'disallow: private',
  // Google reads a key by its start: these are Disallow lines to it, so they keep us out too.
  'Disallowed: /private', 'disallows /private', 'Disallow-path: /private', 'disalowed: /private',
];

/** Each spelling of a User-agent line naming us must select its group. */
const AGENT_SPELLINGS = [
  'User-agent: pricecrawl', 'user-agent: pricecrawl', 'USER-AGENT: PRICECRAWL', 'User-Agent:PriceCrawl', 'useragent: pricecrawl',
  'user agent: pricecrawl', 'User-agent pricecrawl', 'User-agent: pricecrawl/1.0', 'User-agent: PriceCrawl/2.3 (+https://example.org/bot)',
  'User-agent: pricecrawl # our bot', '\tUser-agent: pricecrawl', 'User-agents: pricecrawl', 'useragents pricecrawl',
];

/** Line ends from every editor: the same file must give the same verdicts. */
const LINE_ENDS: Array<[string, string]> = [['LF', '\n'], ['CRLF', '\r\n'], ['CR only', '\r'], ['mixed', '\r\n']];

export const SYNTAX_CASES: RobotsCase[] = [
  ...DISALLOW_SPELLINGS.map((line) => ({ name: `spelling "${line}"`, robots: `User-agent: *\n${line}\n`, verdicts: [['/private', false], ['/private/x', false], ['/open', true]] as const })),
  ...AGENT_SPELLINGS.map((line) => ({ name: `agent line "${line}"`, robots: `User-agent: *\nDisallow: /star\n\n${line}\nDisallow: /ours\n`, verdicts: [['/ours', false], ['/star', true]] as const })),
  ...['pricecrawl', 'PriceCrawl', 'PRICECRAWL', 'pricecrawl/1.0', 'PriceCrawl/1.4 (+https://example.org/bot)', 'pricecrawl (compatible)'].map((agent) => ({
    name: `our agent spelt "${agent}"`, robots: 'User-agent: PriceCrawl\nDisallow: /ours\n', agent, verdicts: [['/ours', false], ['/x', true]] as const,
  })),
  ...['pricecrawler', 'price', 'xpricecrawl', 'pricecrawl-news', 'pricecrawl_beta'].map((other) => ({
    name: `a different token "${other}" is not ours`, robots: `User-agent: ${other}\nDisallow: /\n`, verdicts: [['/', true], ['/x', true]] as const,
  })),
  ...LINE_ENDS.map(([name, end]) => ({
    name: `line ends ${name}`,
    robots: ['User-agent: other', 'Disallow: /', '', 'User-agent: *', 'Disallow: /a', 'Allow: /a/b', ''].join(name === 'mixed' ? '\n' : end).replace('Disallow: /a\n', 'Disallow: /a\r'),
    verdicts: [['/a', false], ['/a/b', true], ['/b', true]] as const,
  })),
  { name: 'UTF-8 BOM', robots: '\ufeffUser-agent: *\nDisallow: /x\n', verdicts: blocked('/x') },
  { name: 'BOM before a disallow-all', robots: '\ufeffUser-agent: pricecrawl\r\nDisallow: /\r\n', verdicts: [['/', false], ['/a', false]] },
  { name: 'rules before any user-agent are ignored', robots: 'Disallow: /x\nUser-agent: *\nDisallow: /y\n', verdicts: [['/x', true], ['/y', false]] },
  { name: 'rules only, no user-agent', robots: 'Disallow: /\n', verdicts: [['/', true]] },
  { name: 'blank lines do not close a group', robots: 'User-agent: *\n\nDisallow: /x\n\n\nDisallow: /y\n', verdicts: [['/x', false], ['/y', false], ['/z', true]] },
  { name: 'several agents in one group', robots: 'User-agent: a\nUser-agent: pricecrawl\nUser-agent: b\nDisallow: /g\n', verdicts: [['/g', false], ['/h', true]] },
  // RFC 9309 §2.2: a group is its user-agent lines, blank lines allowed between them; only a rule ends the list.
  ...([['a comment', '# note'], ['a blank line', ''], ['an unknown key', 'Foo: bar'], ['a Sitemap', 'Sitemap: https://example.com/s.xml']] as const).map(([what, line]) => ({
    name: `${what} between user-agent lines keeps one group`, robots: `User-agent: a\n${line}\nUser-agent: pricecrawl\nDisallow: /x\n`, verdicts: [['/x', false], ['/y', true]] as const,
  })),
  { name: 'an empty Disallow ends the agent list', robots: 'User-agent: pricecrawl\nDisallow:\nUser-agent: a\nDisallow: /x\n', verdicts: [['/x', true]] },
  { name: 'agent after a rule opens a new group', robots: 'User-agent: pricecrawl\nDisallow: /one\nUser-agent: other\nDisallow: /two\n', verdicts: [['/one', false], ['/two', true]] },
  { name: 'crawl-delay between agent lines', robots: 'User-agent: other\nCrawl-delay: 5\nUser-agent: pricecrawl\nDisallow: /x\n', verdicts: [['/x', false]] },
  // RFC 9309 §2.2.4: a record outside the RFC must not change the groups, so Crawl-delay does not close the agent list.
  { name: 'crawl-delay does not close the agent list', robots: 'User-agent: pricecrawl\nCrawl-delay: 5\nUser-agent: other\nDisallow: /x\n', verdicts: [['/x', false], ['/y', true]] },
  { name: 'crawl-delay does not close the agent list of *', robots: 'User-agent: *\nCrawl-delay: 1\nUser-agent: other\nDisallow: /\n', verdicts: [['/', false]] },
  { name: 'a key that starts with User-agent opens a group for its Disallow lines', robots: 'User-agents: pricecrawl\nDisallow: /x\n', verdicts: [['/x', false], ['/y', true]] },
  { name: 'a key that only starts with Allow is not read', robots: 'User-agent: *\nDisallow: /\nAllowed: /a\n', verdicts: [['/a', false]] },
  { name: 'unknown keys are skipped', robots: 'User-agent: *\nNoindex: /x\nHost: example.com\nClean-param: a\nDisallow: /y\n', verdicts: [['/x', true], ['/y', false]] },
  { name: 'sitemap inside a group', robots: 'User-agent: *\nSitemap: https://example.com/s.xml\nDisallow: /y\n', verdicts: [['/y', false]] },
  { name: 'lines without key or colon are skipped', robots: 'User-agent: *\nthis is not a rule\n/x\nDisallow: /y\n', verdicts: [['/x', true], ['/y', false]] },
  { name: 'empty allow is no rule', robots: 'User-agent: *\nDisallow: /\nAllow:\n', verdicts: [['/', false], ['/x', false]] },
  { name: 'allow without leading slash is dropped', robots: 'User-agent: *\nDisallow: /\nAllow: public\n', verdicts: [['/public', false], ['/publicx', false]] },
  { name: 'a whole URL in a Disallow reads as its path', robots: 'User-agent: *\nDisallow: https://example.com/private/\nDisallow: HTTP://example.com/*.pdf$\n', verdicts: [['/private/x', false], ['/a.pdf', false], ['/p', true]] },
  { name: 'a whole URL with no path in a Disallow reads as /', robots: 'User-agent: *\nDisallow: https://example.com\n', verdicts: [['/', false], ['/p', false]] },
  { name: 'a whole URL in an Allow is dropped', robots: 'User-agent: *\nDisallow: /\nAllow: https://example.com/public/\n', verdicts: [['/public/x', false]] },
  { name: 'several paths on one Disallow line: each kept out', robots: 'User-agent: *\nDisallow: /cart/ /checkout/\t/account/\n', verdicts: [['/cart/1', false], ['/checkout/1', false], ['/account/x', false], ['/cart/%20/checkout/', false], ['/p/1', true]] },
  { name: 'several paths on one Allow line: read as one path', robots: 'User-agent: *\nDisallow: /\nAllow: /a/ /b/\n', verdicts: [['/a/1', false], ['/b/1', false], ['/a/%20/b/', true]] },
  { name: 'a quoted Disallow path reads as the path', robots: 'User-agent: *\nDisallow: "/private/"\nDisallow: \'/cart\'\n', verdicts: [['/private/x', false], ['/cart/1', false], ['/public', true]] },
  { name: 'a quoted Allow path is dropped', robots: 'User-agent: *\nDisallow: /\nAllow: "/public/"\n', verdicts: [['/public/x', false]] },
  { name: 'disallow without leading slash reads as /', robots: 'User-agent: *\nDisallow: tmp/\n', verdicts: [['/tmp/', false], ['/tmp/a', false], ['/tmpx', true]] },
  { name: 'value with inner spaces', robots: 'User-agent: *\nDisallow: /a b\n', verdicts: [['/a%20b', false], ['/a b', false], ['/a', true]] },
  // RFC 9309's white space is space and tab: a no-break space at a value's end is read away only where that keeps us out of more.
  { name: 'no-break space after an Allow path: dropped', robots: 'User-agent: *\nDisallow: /\nAllow: /a\u00a0\n', verdicts: [['/a', false], ['/ab', false]] },
  { name: 'no-break space before an Allow path: dropped', robots: 'User-agent: *\nDisallow: /\nAllow:\u00a0/a\n', verdicts: [['/a', false]] },
  { name: 'no-break spaces around a Disallow path: read without them', robots: 'User-agent: *\nDisallow:\u00a0/a\u00a0\n', verdicts: [['/a', false], ['/ab', false], ['/b', true]] },
  { name: 'spaces and tabs around an Allow path', robots: 'User-agent: *\nDisallow: /\nAllow: \t/a \t\n', verdicts: [['/a', true], ['/b', false]] },
  { name: 'no-break space after the agent', robots: 'User-agent: pricecrawl\u00a0\nDisallow: /x\n', verdicts: [['/x', false]] },
  { name: 'tab-separated value', robots: 'User-agent:\t*\nDisallow:\t/t\n', verdicts: [['/t', false]] },
  { name: 'hash ends the value', robots: 'User-agent: *\nDisallow: /a#b\n', verdicts: [['/a', false], ['/ab', false]] },
  { name: 'empty user-agent value names nobody', robots: 'User-agent:\nDisallow: /\n', verdicts: [['/', true]] },
  { name: 'empty path is /', robots: 'User-agent: *\nDisallow: /$\n', verdicts: [['', false], ['/', false], ['/a', true]] },
  // `/?`: Chromium sends it as written (Google's matcher reads it so too), our HTTP fetcher as `/`; kept out, as either may be sent.
  { name: 'query-only URL', robots: 'User-agent: *\nDisallow: /?\n', verdicts: [['/?', false], ['/?a=1', false], ['/a?x', true], ['/', true]] },
  { name: 'case-sensitive paths', robots: 'User-agent: *\nDisallow: /Admin\n', verdicts: [['/Admin', false], ['/admin', true], ['/ADMIN', true]] },
  { name: 'case-insensitive hex only', robots: 'User-agent: *\nDisallow: /%c3%a9t%C3%A9\n', verdicts: [['/%C3%A9t%C3%A9', false], ['/été', false], ['/%C3%89T%C3%89', true]] },
  // A legacy server's links escape Latin-1 bytes (`/f%FCr/`): a UTF-8 Disallow of `/für/` keeps them out too; an Allow is not widened so.
  { name: 'UTF-8 Disallow, Latin-1 escaped URL', robots: 'User-agent: *\nDisallow: /für/\nDisallow: /*?größe=\n', verdicts: [['/f%FCr/1', false], ['/f%C3%BCr/1', false], ['/l?gr%F6%DFe=4', false], ['/fuer/1', true], ['/f%FC/1', true]] },
  { name: 'UTF-8 Allow, Latin-1 escaped URL', robots: 'User-agent: *\nDisallow: /x/\nAllow: /x/öffentlich/\n', verdicts: [['/x/%C3%B6ffentlich/a', true], ['/x/%F6ffentlich/a', false]] },
  { name: 'non-ASCII rule, encoded URL', robots: 'User-agent: *\nDisallow: /über/\n', verdicts: [['/%C3%BCber/x', false], ['/über/x', false], ['/uber/x', true]] },
  { name: 'unsafe ASCII encoded alike', robots: 'User-agent: *\nDisallow: /a|b\nDisallow: /c"d\n', verdicts: [['/a|b', false], ['/a%7Cb', false], ['/c%22d', false], ['/ab', true]] },
  // The URL parser sends a query's `'` as `%27` (a path's as it is): a rule's `'` must match both spellings.
  { name: "apostrophe in a query rule", robots: "User-agent: *\nDisallow: /*?q='\n", verdicts: [["/s?q='a'", false], ['/s?q=%27a%27', false], ['/s?q=a', true]] },
  { name: "apostrophe in a path rule", robots: "User-agent: *\nDisallow: /it's\n", verdicts: [["/it's", false], ['/it%27s', false], ['/its', true]] },
  { name: 'encoded apostrophe in a rule', robots: "User-agent: *\nDisallow: /*?q=%27\n", verdicts: [["/s?q='", false], ['/s?q=%27', false]] },
  { name: 'lone percent', robots: 'User-agent: *\nDisallow: /100%\n', verdicts: [['/100%25', false], ['/100', true]] },
  { name: 'plus is not a space', robots: 'User-agent: *\nDisallow: /a+b\n', verdicts: [['/a+b', false], ['/a%20b', true], ['/a%2Bb', true]] },
  { name: '$ in the middle is literal', robots: 'User-agent: *\nDisallow: /a$b\n', verdicts: [['/a$b', false], ['/a$bc', false], ['/a', true], ['/ab', true]] },
  { name: 'only * and $', robots: 'User-agent: *\nDisallow: *$\n', verdicts: [['/', false], ['/x?y', false]] },
  { name: 'encoded query separator is not a query', robots: 'User-agent: *\nDisallow: /a?b\n', verdicts: [['/a?b', false], ['/a%3Fb', true]] },
  { name: 'longest pattern wins over order', robots: 'User-agent: *\nAllow: /shop/\nDisallow: /shop/cart\nAllow: /shop/cart/view\n', verdicts: [['/shop/x', true], ['/shop/cart', false], ['/shop/cart/add', false], ['/shop/cart/view', true], ['/shop/cart/view/1', true]] },
  { name: 'wildcard length counts its characters', robots: 'User-agent: *\nAllow: /*/p\nDisallow: /x/\n', verdicts: [['/x/p', true], ['/x/q', false]] },
  { name: 'merged groups: specific allow beats general disallow', robots: 'User-agent: pricecrawl\nDisallow: /\n\nUser-agent: pricecrawl\nAllow: /ok\n', verdicts: [['/ok', true], ['/no', false]] },
  { name: 'named group with no rules allows everything despite *', robots: 'User-agent: *\nDisallow: /\n\nUser-agent: pricecrawl\n', verdicts: [['/', true], ['/x', true]] },
  { name: 'merged * groups', robots: 'User-agent: *\nDisallow: /a\n\nUser-agent: x\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n', verdicts: [['/a', false], ['/b', true], ['/c', false]] },
  { name: 'empty file', robots: '', verdicts: [['/', true], ['/x', true]] },
  { name: 'HTML served as robots.txt', robots: '<!doctype html><html><body>Not found</body></html>', verdicts: [['/', true], ['/x', true]] },
  // The product token is the leading run of letters, `-` and `_` (RFC 9309 §2.2.1), as Google's parser reads it.
  ...['pricecrawl,otherbot', 'pricecrawl;', 'PriceCrawl*', 'pricecrawl(compatible)'].map((line) => ({
    name: `agent line "${line}" names us by its leading token`, robots: `User-agent: *\nDisallow: /star\n\nUser-agent: ${line}\nDisallow: /ours\n`, verdicts: [['/ours', false], ['/star', true]] as const,
  })),
  // A token run that goes on in a digit or a dot may be another crawler's name: its group and the * group are both obeyed.
  ...['pricecrawl2', 'pricecrawl.bot', 'PriceCrawl2Bot'].map((line) => ({
    name: `agent line "${line}" may name another crawler: obeyed beside the * group`, robots: `User-agent: ${line}\nAllow: /\nDisallow: /ours\n\nUser-agent: *\nDisallow: /star\n`, verdicts: [['/ours', false], ['/star', false], ['/other', true]] as const,
  })),
  // ...unless that whole name is ours: a crawler called Shop24Bot is named by its own group alone.
  { name: 'agent line "Shop24Bot" names the crawler of that whole name', agent: 'Shop24Bot/1.0', robots: 'User-agent: Shop24Bot\nDisallow: /ours\n\nUser-agent: *\nDisallow: /star\n', verdicts: [['/ours', false], ['/star', true]] },
  // (A quoted `"pricecrawl"` names us beside the group that applies: robots-table-shops.ts.)
  ...['*/1.0', '*bot', '/pricecrawl'].map((line) => ({
    name: `agent line "${line}" names nobody`, robots: `User-agent: ${line}\nDisallow: /\n`, verdicts: [['/', true], ['/x', true]] as const,
  })),
  // A name written as a pattern (`*bot`, `Price*`) names every crawler it matches, obeyed beside the group that
  // applies: RFC 9309 and Google read it by its leading token (`*bot` as nobody), and a ban so written kept out no bot.
  ...([['*bot', 'AcmeBot/1.0'], ['*Bot', 'acmebot'], ['Price*', 'pricecrawl'], ['*crawl*', 'pricecrawl/0.1 (+price monitoring)'], ['Acme*Bot/2.0', 'AcmePriceBot'], ['SemrushBot, *crawl', 'pricecrawl'], ['"*bot"', 'AcmeBot']] as const).map(([line, agent]) => ({
    name: `agent line "${line}" names ${agent} by its pattern, beside the * group`, agent, robots: `User-agent: *\nAllow: /\nDisallow: /star\n\nUser-agent: ${line}\nAllow: /star\nDisallow: /ours\n`, verdicts: [['/ours', false], ['/star', false], ['/other', true]] as const,
  })),
  ...([['*bot', 'pricecrawl'], ['Acme*Bot', 'AcmeBotX'], ['*crawl*x', 'pricecrawl'], ['Price*Crawl*Zed', 'pricecrawl'], ['**', 'pricecrawl'], [`${'*a'.repeat(4000)}*z`, 'pricecrawl']] as const).map(([line, agent]) => ({
    name: `agent line "${line.slice(0, 20)}" does not match ${agent}`, agent, robots: `User-agent: ${line}\nDisallow: /\n`, verdicts: [['/', true], ['/x', true]] as const,
  })),
  // Without a colon only two words are a key and a value (Google); more are a guess, read only for a Disallow.
  { name: 'three words without a colon: no user-agent line', robots: 'User-agent: *\nDisallow: /star\n\nUser agent pricecrawl\nDisallow: /ours\n', verdicts: [['/ours', false], ['/star', false]] },
  { name: 'three words without a colon: no Allow', robots: 'User-agent: *\nDisallow: /\nAllow /a b\n', verdicts: [['/a%20b', false], ['/a', false]] },
  // A colon inside the path (MediaWiki's `/wiki/Special:`) is not the key's: split there, the line was a Disallow of `/Search`.
  { name: 'colon in the path of a Disallow without its own', robots: 'User-agent: *\nDisallow /wiki/Special:Search\ndisallow\t/*?*sort:asc\n', verdicts: [['/wiki/Special:Search', false], ['/wiki/Special:SearchX', false], ['/x?sort:asc', false], ['/Search', true], ['/asc', true], ['/wiki/Main', true]] },
  { name: 'colon in the path of an Allow without its own', robots: 'User-agent: *\nDisallow: /\nAllow /wiki/Special:Random\n', verdicts: [['/wiki/Special:Random', true], ['/Random', false], ['/wiki/Special:Search', false]] },
  { name: 'a whole URL in a Disallow without its colon', robots: 'User-agent: *\nDisallow https://example.com/private/\n', verdicts: [['/private/x', false], ['/p', true]] },
  { name: 'a key that starts like Disallow, then its colon', robots: 'User-agent: *\nDisallowed path: /x\n', verdicts: [['/x', false], ['/path', true]] },
  { name: 'three words without a colon: Disallow read whole', robots: 'User-agent: *\nDisallow /a  b\n', verdicts: [['/a%20%20b', false], ['/a%20b', true], ['/a', true]] },
  // A NUL ends what is read of a line (Google): a Disallow is cut there, an Allow cut there is dropped.
  { name: 'NUL cuts a Disallow', robots: 'User-agent: *\nDisallow: /a\0b\n', verdicts: [['/a', false], ['/ax', false], ['/b', true]] },
  { name: 'NUL drops an Allow', robots: 'User-agent: *\nDisallow: /\nAllow: /a\0b\n', verdicts: [['/a', false], ['/a%00b', false]] },
  { name: 'NUL after the agent token', robots: 'User-agent: pricecrawl\0junk\nDisallow: /x\n', verdicts: [['/x', false]] },
  // NULs before a line's text (a zero-filled head of a file, a gap a crashed write left) are padding: read as a NUL
  // that ends the line, the file's first `User-agent: *` was lost and its Disallow lines named no group.
  { name: 'NULs before the first line', robots: '\0\0\0User-agent: *\nDisallow: /private/\n', verdicts: [['/private/x', false], ['/x', true]] },
  { name: 'NULs before a line inside the file', robots: 'User-agent: *\n\0\0Disallow: /cart/\n\0User-agent: other\nDisallow: /\n', verdicts: [['/cart/1', false], ['/x', true]] },
  { name: 'NULs before an Allow: dropped', robots: 'User-agent: *\nDisallow: /\n\0Allow: /open/\n', verdicts: [['/open/x', false]] },
  // RFC 9309 §2.2.2 decides "/": only Disallow: / matches it. Google's own extra (Allow: /index.html also allows "/") is not followed.
  { name: 'Allow /index.html does not allow /', robots: 'User-agent: *\nDisallow: /\nAllow: /index.html\n', verdicts: [['/', false], ['/index.html', true], ['/index.htm', false]] },
  // nginx (merge_slashes, on by default) and most servers serve `//private/x` as `/private/x`: a URL a spider joined
  // with one slash too many must not walk past the Disallow. Only ever stricter: the URL as sent must be allowed too.
  { name: 'doubled slashes do not pass a Disallow', robots: 'User-agent: *\nDisallow: /private/\nDisallow: /a/b$\n', verdicts: [['//private/x', false], ['/private//x', false], ['///private/', false], ['/a//b', false], ['/x//y', true], ['/a//b/c', true]] },
  { name: 'doubled slashes gain no Allow', robots: 'User-agent: *\nDisallow: /\nAllow: /open/\n', verdicts: [['//open/x', false], ['/open//x', true]] },
  { name: 'a rule with doubled slashes still matches them', robots: 'User-agent: *\nDisallow: /a//b\n', verdicts: [['/a//b', false], ['/a/b', true]] },
  // nginx decodes `%2F` before it maps a path to a file or a location: `/private%2Fx` is served as `/private/x`.
  { name: 'an encoded slash does not pass a Disallow', robots: 'User-agent: *\nDisallow: /private/\nDisallow: /a/b$\n', verdicts: [['/private%2Fx', false], ['/private%2fx', false], ['/a%2Fb', false], ['/a%2F%2Fb', false], ['/a%2Fb/c', true], ['/x%2Fy', true]] },
  { name: 'an encoded slash gains no Allow', robots: 'User-agent: *\nDisallow: /\nAllow: /open/\n', verdicts: [['/open%2Fx', false], ['/open/x%2Fy', true]] },
  { name: 'a rule with an encoded slash still matches it', robots: 'User-agent: *\nDisallow: /a%2Fb\n', verdicts: [['/a%2Fb', false], ['/a/b', true]] },
  // Servlet containers (Tomcat, Jetty) drop a segment's path parameters before they map it: `/a/b;jsessionid=1` is `/a/b`.
  { name: 'path parameters do not pass a Disallow', robots: 'User-agent: *\nDisallow: /private/\nDisallow: /a/b$\n', verdicts: [['/private;jsessionid=1/x', false], ['/a/b;jsessionid=1', false], ['/a/b;v=1/c', true], ['/x;v=1', true], ['/p%3Bv/a/b', true]] },
  { name: 'path parameters gain no Allow', robots: 'User-agent: *\nDisallow: /\nAllow: /open/\n', verdicts: [['/open;v=1/x', false], ['/open/x;v=1', true]] },
  { name: 'a rule with path parameters still matches them', robots: 'User-agent: *\nDisallow: /*;jsessionid\n', verdicts: [['/p;jsessionid=1', false], ['/p', true], ['/p?jsessionid=1', true]] },
  { name: 'an encoded slash in a query is data', robots: 'User-agent: *\nDisallow: /go/x\n', verdicts: [['/go?u=%2Fx', true]] },
  { name: 'doubled slashes in a query are data', robots: 'User-agent: *\nDisallow: /go?u=http://x\n', verdicts: [['/go?u=http://x', false], ['/go?u=http:/x', true]] },
  // A zero-width space or joiner pasted with a line from a rich-text editor is invisible in the file; before or
  // inside a key it dropped the line, and a `*` group's Disallow lines joined the group above (Googlebot's Allow: /).
  { name: 'zero-width space before a user-agent line', robots: 'User-agent: googlebot\nAllow: /\n\n\u200bUser-agent: *\nDisallow: /private/\n', verdicts: [['/private/x', false], ['/x', true]] },
  { name: 'zero-width characters before and inside a Disallow key', robots: 'User-agent: *\n\u200bDisallow: /a/\nDis\u200dallow: /b/\n\u2060Disallow /c/\n', verdicts: [['/a/1', false], ['/b/1', false], ['/c/1', false], ['/d/1', true]] },
  // The same in a value: before the token `*` or ours it named nobody, so a `*` group's Disallow lines or a ban of
  // us went unread; inside a Disallow path it matched no URL. A mid-line BOM (files joined from parts) is one too.
  { name: 'zero-width space before our token', robots: 'User-agent: *\nAllow: /\n\nUser-agent: \u200bpricecrawl\nDisallow: /\n', verdicts: [['/', false], ['/x', false]] },
  { name: 'zero-width space before *', robots: 'User-agent: googlebot\nAllow: /\n\nUser-agent: \u200b*\nDisallow: /private/\n', verdicts: [['/private/x', false], ['/x', true]] },
  { name: 'zero-width characters inside a Disallow path', robots: 'User-agent: *\nDisallow: /pri\u200bvate/\nDisallow: /cart\u2060/\n', verdicts: [['/private/x', false], ['/cart/1', false], ['/public', true]] },
  { name: 'zero-width space inside an Allow path: dropped', robots: 'User-agent: *\nDisallow: /\nAllow: /pub\u200blic/\n', verdicts: [['/public/x', false], ['/pub%E2%80%8Blic/x', false]] },
  { name: 'BOM inside a key and before a value', robots: 'User-agent: googlebot\nAllow: /\n\nUser-agent: \ufeff*\nDis\ufeffallow: /private/\n', verdicts: [['/private/x', false], ['/x', true]] },
  { name: 'comment-only file', robots: '# nothing here\n# User-agent: *\n# Disallow: /\n', verdicts: [['/', true]] },
];
