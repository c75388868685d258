// Table cases from RFC 9309 (its examples, sections 2.2 and 5) and from Google's and Bing's documented robots.txt behaviour.
import { bothWays, type RobotsCase } from './robots-table-types';

const RFC_EXAMPLE = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF`;

const GOOGLE_GROUPS = `user-agent: a
disallow: /c

user-agent: b
disallow: /d

user-agent: e
sitemap: https://example.com/sitemap.xml

user-agent: f
disallow: /g

user-agent: h
`;

export const RFC_CASES: RobotsCase[] = [
  // RFC 9309 §5.1, the example file, for each of its groups and for a crawler it does not name.
  { name: 'RFC 5.1 foobot', robots: RFC_EXAMPLE, agent: 'foobot', verdicts: [['/example/page.html', true], ['/example/allowed.gif', true], ['/example/other.html', false], ['/', false], ['/publications/', false], ['/robots.txt', true]] },
  { name: 'RFC 5.1 barbot', robots: RFC_EXAMPLE, agent: 'barbot', verdicts: [['/example/page.html', false], ['/example/page.htm', true], ['/example/other.html', true], ['/image.gif', true], ['/', true]] },
  { name: 'RFC 5.1 bazbot', robots: RFC_EXAMPLE, agent: 'BazBot/1.0', verdicts: [['/example/page.html', false], ['/example/page.html?x=1', false], ['/publications/a', true]] },
  { name: 'RFC 5.1 quxbot (empty group)', robots: RFC_EXAMPLE, agent: 'quxbot', verdicts: [['/', true], ['/example/', true], ['/a.gif', true]] },
  { name: 'RFC 5.1 unnamed crawler', robots: RFC_EXAMPLE, verdicts: [['/a.gif', false], ['/dir/b.gif', false], ['/a.gif?x', true], ['/a.gifs', true], ['/example/', false], ['/example/x', false], ['/example', true], ['/publications/', true], ['/publications/x.html', true], ['/', true], ['/other', true]] },
  // RFC 9309 §5.2: the longest match.
  { name: 'RFC 5.2 longest match', robots: 'User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n', agent: 'foobot', verdicts: [['/example/page/', true], ['/example/page/disallowed.gif', false], ['/example/page/allowed.gif', true], ['/example/page/disallowed.gifx', false]] },
  // RFC 9309 §2.2.1: groups for the same agent are merged.
  { name: 'RFC 2.2.1 merged groups', robots: 'user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n', agent: 'examplebot', verdicts: [['/foo', false], ['/bar', false], ['/baz', false], ['/qux', true]] },
  { name: 'RFC 2.2.1 token of a versioned agent line', robots: 'User-agent: ExampleBot/2.1 (+https://example.org)\nDisallow: /\n', agent: 'ExampleBot', verdicts: [['/', false], ['/a', false]] },
  { name: 'RFC 2.2.1 * is used only without a named group', robots: 'User-agent: *\nDisallow: /star\n\nUser-agent: pricecrawl\nDisallow: /named\n', verdicts: [['/star', true], ['/named', false]] },
  { name: 'RFC 2.2.1 no matching group, no *', robots: 'User-agent: otherbot\nDisallow: /\n', verdicts: [['/', true], ['/anything', true]] },
  // RFC 9309 §2.2.2: equal length, allow wins; the robots.txt file itself is always allowed.
  { name: 'RFC 2.2.2 tie goes to allow', robots: 'User-agent: *\nDisallow: /page\nAllow: /page\n', verdicts: [['/page', true], ['/pages', true]] },
  { name: 'RFC 2.2.2 tie goes to allow, order reversed', robots: 'User-agent: *\nAllow: /page\nDisallow: /page\n', verdicts: [['/page', true]] },
  { name: 'RFC 2.2.2 /robots.txt always allowed', robots: 'User-agent: *\nDisallow: /\n', verdicts: [['/robots.txt', true], ['/robots.txt?x=1', false], ['/robots.txtx', false]] },
  // RFC 9309 §2.2.2 percent-encoding table.
  { name: 'RFC 2.2.2 query in the rule', robots: 'User-agent: *\nDisallow: /foo/bar?baz=quz\n', verdicts: [['/foo/bar?baz=quz', false], ['/foo/bar?baz=quz&x=1', false], ['/foo/bar', true], ['/foo/bar?baz=qu', true]] },
  // The table's second row: a query rule's `:` and `/` match their encodings, and the other way round; `&`, `=` and `+` still split the query.
  { name: 'RFC 2.2.2 plain query rule vs encoded URL', robots: 'User-agent: *\nDisallow: /foo/bar?baz=https://foo.bar\n', verdicts: [['/foo/bar?baz=https%3A%2F%2Ffoo.bar', false], ['/foo/bar?baz=https%3a%2f%2ffoo.bar/x', false], ['/foo/bar?baz=https://foo.bar', false], ['/foo/bar?baz=https%3A', true]] },
  { name: 'RFC 2.2.2 encoded query rule vs plain URL', robots: 'User-agent: *\nDisallow: /foo/bar?baz=https%3A%2F%2Ffoo.bar\n', verdicts: [['/foo/bar?baz=https://foo.bar', false], ['/foo/bar?baz=https%3A%2F%2Ffoo.bar', false], ['/foo/bar?baz=https:', true]] },
  { name: 'RFC 2.2.2 wildcard query rule vs encoded URL', robots: 'User-agent: *\nDisallow: /*?*url=http://\nDisallow: /*?q=(a,b)@\n', verdicts: [['/go?url=http%3A%2F%2Fx', false], ['/go?a=1&url=http://x', false], ['/s?q=%28a%2Cb%29%40', false], ['/go?url=x', true]] },
  { name: 'RFC 2.2.2 an Allow matches the encoded query too', robots: 'User-agent: *\nDisallow: /go\nAllow: /go?u=http://\n', verdicts: [['/go?u=http%3A%2F%2Fx', true], ['/go?u=http://x', true], ['/go?u=ftp', false]] },
  { name: 'RFC 2.2.2 query delimiters are not their encodings', robots: 'User-agent: *\nDisallow: /s?a=1&b\nDisallow: /t?a=b\nDisallow: /u/v\n', verdicts: [['/s?a=1%26b', true], ['/s?a=1&b', false], ['/t?a%3Db', true], ['/u/v', false]] },
  { name: 'RFC 2.2.2 UTF-8 rule vs encoded URL', robots: 'User-agent: *\nDisallow: /foo/bar/ツ\n', verdicts: [['/foo/bar/%E3%83%84', false], ['/foo/bar/%e3%83%84', false], ['/foo/bar/ツ', false], ['/foo/bar/', true]] },
  { name: 'RFC 2.2.2 encoded rule vs encoded URL', robots: 'User-agent: *\nDisallow: /foo/bar/%E3%83%84\n', verdicts: [['/foo/bar/%E3%83%84', false], ['/foo/bar/ツ', false], ['/foo/bar/%E3%83', true], ['/foo/bar/x', true]] },
  { name: 'RFC 2.2.2 lower-case hex in the rule', robots: 'User-agent: *\nDisallow: /foo/bar/%e3%83%84\n', verdicts: [['/foo/bar/%E3%83%84', false], ['/foo/bar/ツ', false]] },
  { name: 'RFC 2.2.2 encoded unreserved chars', robots: 'User-agent: *\nDisallow: /foo/bar/%62%61%7A\n', verdicts: [['/foo/bar/baz', false], ['/foo/bar/%62%61%7A', false], ['/foo/bar/ba', true]] },
  { name: 'RFC 2.2.2 encoded tilde in the URL', robots: 'User-agent: *\nDisallow: /~joe/\n', verdicts: [['/%7Ejoe/index.html', false], ['/%7ejoe/', false], ['/~joe/', false], ['/joe/', true]] },
  { name: 'RFC 2.2.2 reserved chars stay encoded', robots: 'User-agent: *\nDisallow: /a%2Fb\n', verdicts: [['/a%2Fb', false], ['/a%2fb', false], ['/a/b', true]] },
  // The rule does not match `/a%2Fb` (RFC 9309), but nginx serves that URL as `/a/b`, the path the rule keeps us
  // out of: the URL is fetched only when the path as served is allowed too (robots-rules.ts `servedPath`).
  { name: 'RFC 2.2.2 plain slash does not match its encoding, but keeps out the path it is served as', robots: 'User-agent: *\nDisallow: /a/b\nDisallow: /u/v$\n', verdicts: [['/a/b', false], ['/a%2Fb', false], ['/u%2Fv', false], ['/u%2Fv/w', true]] },
  // RFC 9309 §2.2.3: special characters.
  { name: 'RFC 2.2.3 literal * as %2A', robots: 'User-agent: *\nDisallow: /path/file-with-a-%2A.html\n', verdicts: [['/path/file-with-a-*.html', false], ['/path/file-with-a-%2A.html', false], ['/path/file-with-a-b.html', true]] },
  { name: 'RFC 2.2.3 literal $ as %24', robots: 'User-agent: *\nDisallow: /path/foo-%24\n', verdicts: [['/path/foo-$', false], ['/path/foo-%24', false], ['/path/foo-', true], ['/path/foo-$bar', false]] },
  { name: 'RFC 2.2.3 * wildcard', robots: 'User-agent: *\nDisallow: /path/file-with-a-*.html\n', verdicts: [['/path/file-with-a-*.html', false], ['/path/file-with-a-b.html', false], ['/path/file-with-a-.html', false], ['/path/file-with-a-b.htm', true]] },
  { name: 'RFC 2.2.3 $ anchor', robots: 'User-agent: *\nDisallow: /path/foo-$\n', verdicts: [['/path/foo-', false], ['/path/foo-bar', true], ['/path/foo-?x', true]] },
  { name: 'RFC 2.2.3 comment after a rule', robots: 'User-agent: * # all\nDisallow: /x # private\n', verdicts: [['/x', false], ['/x%20', false], ['/y', true]] },
  // Google: path matching table.
  ...bothWays('Google /', '/', ['/', '/a', '/fish.html', '/?q=1'], ['/robots.txt']),
  ...bothWays('Google /*', '/*', ['/', '/a', '/fish.html', '/?q=1'], ['/robots.txt']),
  ...bothWays('Google /$', '/$', ['/'], ['/page.htm', '/?q=1', '/a/']),
  ...bothWays('Google /fish', '/fish', ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.php?id=anything'], ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish']),
  ...bothWays('Google /fish*', '/fish*', ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.php?id=anything'], ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish']),
  ...bothWays('Google /fish/', '/fish/', ['/fish/', '/fish/?id=anything', '/fish/salmon.htm'], ['/fish', '/fish.html', '/animals/fish/', '/Fish/Salmon.asp']),
  ...bothWays('Google /*.php', '/*.php', ['/index.php', '/filename.php', '/folder/filename.php', '/folder/filename.php?parameters', '/folder/any.php.file.html', '/filename.php/'], ['/', '/windows.PHP']),
  ...bothWays('Google /*.php$', '/*.php$', ['/filename.php', '/folder/filename.php'], ['/filename.php?parameters', '/filename.php/', '/filename.php5', '/windows.PHP']),
  ...bothWays('Google /fish*.php', '/fish*.php', ['/fish.php', '/fishheads/catfish.php?parameters'], ['/Fish.PHP', '/fish.ph', '/catfish.php']),
  ...bothWays('Google *.gif$ without slash', '*.gif$', ['/a.gif', '/x/y/z.gif'], ['/a.gif?x', '/a.GIF', '/a.gifs']),
  ...bothWays('wildcard in the middle', '/shop/*/print', ['/shop/1/print', '/shop/a/b/print', '/shop/1/printable'], ['/shop/print', '/shop/1/Print', '/shop/']),
  // `/shop//print` is served as `/shop/print` by servers that merge slashes (nginx's default): the Disallow holds, the Allow does not reach it.
  { name: 'wildcard in the middle, doubled slash', robots: 'User-agent: *\nDisallow: /shop/*/print\n', verdicts: [['/shop//print', false]] },
  { name: 'wildcard in the middle, doubled slash, as Allow', robots: 'User-agent: *\nDisallow: /\nAllow: /shop/*/print\n', verdicts: [['/shop//print', false], ['/shop/1/print', true]] },
  ...bothWays('several wildcards', '/*/cart/*/checkout$', ['/de/cart/1/checkout', '/x/cart/cart/y/checkout'], ['/de/cart/1/checkout/', '/cart/1/checkout', '/de/cart/checkout']),
  ...bothWays('query wildcard', '/*?*sort=', ['/list?sort=price', '/a/b?page=2&sort=x'], ['/list', '/list?page=2', '/sort=x']),
  ...bothWays('repeated stars', '/a**b', ['/ab', '/axxb', '/a/b'], ['/a', '/ba']),
  // Google: order of precedence examples.
  { name: 'Google precedence allow /p over disallow /', robots: 'user-agent: *\nallow: /p\ndisallow: /\n', verdicts: [['/page', true], ['/', false], ['/q', false]] },
  { name: 'Google precedence equal rules', robots: 'user-agent: *\nallow: /folder\ndisallow: /folder\n', verdicts: [['/folder/page', true], ['/folder', true]] },
  { name: 'Google precedence longer disallow', robots: 'user-agent: *\nallow: /page\ndisallow: /*.htm\n', verdicts: [['/page.htm', false], ['/page', true], ['/page.html', false]] },
  { name: 'Google precedence equal-length wildcard', robots: 'user-agent: *\nallow: /page\ndisallow: /*.ph\n', verdicts: [['/page.php5', true], ['/other.php', false]] },
  { name: 'Google precedence root only', robots: 'user-agent: *\nallow: /$\ndisallow: /\n', verdicts: [['/', true], ['/page.htm', false]] },
  // Google: user-agent groups and merging.
  { name: 'Google groups: a', robots: GOOGLE_GROUPS, agent: 'a', verdicts: [['/c', false], ['/d', true], ['/g', true]] },
  { name: 'Google groups: b', robots: GOOGLE_GROUPS, agent: 'b', verdicts: [['/c', true], ['/d', false]] },
  { name: 'Google groups: sitemap does not close e', robots: GOOGLE_GROUPS, agent: 'e', verdicts: [['/g', false], ['/c', true]] },
  { name: 'Google groups: f', robots: GOOGLE_GROUPS, agent: 'f', verdicts: [['/g', false], ['/d', true]] },
  { name: 'Google groups: h (empty)', robots: GOOGLE_GROUPS, agent: 'h', verdicts: [['/c', true], ['/g', true]] },
  { name: 'Google groups: unnamed', robots: GOOGLE_GROUPS, verdicts: [['/c', true], ['/g', true], ['/', true]] },
  { name: 'Google merge non-adjacent groups', robots: 'user-agent: googlebot-news\ndisallow: /fish\n\nuser-agent: *\ndisallow: /carrots\n\nuser-agent: googlebot-news\ndisallow: /shrimp\n', agent: 'googlebot-news', verdicts: [['/fish', false], ['/shrimp', false], ['/carrots', true]] },
  { name: 'Google specific group wins', robots: 'user-agent: googlebot-news\ndisallow: /news\n\nuser-agent: *\ndisallow: /all\n\nuser-agent: googlebot\ndisallow: /web\n', agent: 'Googlebot/2.1', verdicts: [['/web', false], ['/news', true], ['/all', true]] },
  { name: 'Google no prefix matching of tokens', robots: 'user-agent: googlebot-news\ndisallow: /\n', agent: 'googlebot', verdicts: [['/', true]] },
  { name: 'Google empty disallow allows all', robots: 'user-agent: *\ndisallow:\n', verdicts: [['/', true], ['/x', true]] },
  // Bing: the most specific rule wins, a named group replaces *, and $ / * as documented.
  { name: 'Bing most specific allow', robots: 'User-agent: *\nDisallow: /documents/\nAllow: /documents/public/\n', agent: 'bingbot', verdicts: [['/documents/public/a.pdf', true], ['/documents/private.pdf', false], ['/documents/', false]] },
  { name: 'Bing named group replaces *', robots: 'User-agent: *\nDisallow: /a/\n\nUser-agent: bingbot\nDisallow: /b/\n', agent: 'bingbot', verdicts: [['/a/', true], ['/b/', false]] },
  { name: 'Bing file-type rule', robots: 'User-agent: *\nDisallow: /*.pdf$\n', agent: 'msnbot', verdicts: [['/x.pdf', false], ['/x.pdf?dl=1', true], ['/pdf', true]] },
  { name: 'Bing session parameter rule', robots: 'User-agent: *\nDisallow: /*?sessionid\n', agent: 'bingbot', verdicts: [['/a?sessionid=1', false], ['/a?x=1&sessionid=1', true], ['/a', true]] },
];
