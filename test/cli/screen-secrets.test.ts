// `fetch`, `shell`, `parse` and `fetch --save` with a URL holding credentials and tokens: the screen and the recorded fixture show them masked.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { scratchProject, type ScratchProject } from '../support/scratch-project';

const PASSWORD = 'scr33n-Passw0rd-881';
const API_KEY = 'scr33n-K3y-992';
const NEXT_TOKEN = 'scr33n-T0ken-103';
const ARG_KEY = 'scr33n-ArgK3y-214';
/** The shop's session cookie for us: a header the logger redacts and a saved fixture masks by name. */
const SESSION = 'scr33n-S3ssion-325';
/** Quoted by an API's error body: a partner feed's password in a URL written as PHP's json_encode writes it (`https:\/\/`), and an echoed Authorization header. */
const FEED_PASSWORD = 'scr33n-F33dPass-436';
const BEARER = 'scr33n-B3arer-557';
const BASIC = Buffer.from('feed:scr33n-Bas1c-668').toString('base64');
/** OAuth 2.0's implicit grant (RFC 6749 §4.2.2) hands the access token to the callback in the fragment: `#access_token=…`. */
const FRAGMENT_TOKEN = 'scr33n-Fr4gment-779';
/** Echoed by a debug endpoint as clients write them: an encoded query name, a header line, a libpq string, a Python dict. */
const ECHOED = ['scr33n-Enc0ded-881', 'scr33n-H3ader-992', 'scr33n-L1bpq-103', 'scr33n-Pyth0n-214'];
/** Sent in a header named for its partner, known only by its shape (`Bearer …`), and echoed back by the site as JSON. */
const SHAPED = 'scr33n-Sh4ped-890';
/** Sent under a name that says it is a secret (`?auth=`), moved by the site's redirect under one that does not (`?x=`). */
const MOVED = 'scr33n-M0ved-901';
const SECRETS = [MOVED, SHAPED, PASSWORD, API_KEY, NEXT_TOKEN, ARG_KEY, SESSION, FEED_PASSWORD, BEARER, BASIC, FRAGMENT_TOKEN, ...ECHOED];
const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');
const PRODUCT = `<script type="application/ld+json">{"@type":"Product","sku":"S-1","name":"Kettle","offers":{"@type":"Offer","price":"19.99","priceCurrency":"EUR"}}</script>`;

let server: FixtureServer;
let project: ScratchProject;

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<a class="product" href="/p?token=${NEXT_TOKEN}">p</a>`));
  server.route('/moved', (_req, res) => void res.writeHead(302, { location: `/p?api_key=${API_KEY}`, 'content-length': '0' }).end());
  server.route('/p', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `sid=${SESSION}; Path=/; HttpOnly` }).end(`<html><body>${PRODUCT}<main data-sku="S-1"><p class="price">19.99</p></main></body></html>`));
  server.route('/api', (_req, res) => {
    const body = `{"error":"upstream https:\\/\\/feed:${FEED_PASSWORD}@partner.test\\/v1 refused","sent":"Authorization: Bearer ${BEARER}\\r\\nProxy-Authorization: Basic ${BASIC}"}`;
    res.writeHead(502, { 'content-type': 'application/json' }).end(body);
  });
  server.route('/echo', (req, res) => {
    const asked = `http://buyer:${PASSWORD}@127.0.0.1:${server.port}${req.url}`;
    const body = `<html><body><p>asked for ${asked}</p><pre>{"error":"https:\\/\\/feed:${FEED_PASSWORD}@partner.test","sent":"Authorization: Bearer ${BEARER}"}</pre><a href="/next?api_key=${API_KEY}">next</a></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html' }).end(body);
  });
  server.route('/debug', (_req, res) => {
    const [encoded, header, libpq, python] = ECHOED;
    const body = `GET /v1?pass%77ord=${encoded}&page=2\nx-api-key: ${header}\nconnect host=db password=${libpq} dbname=prices\n{'client_secret': '${python}'}\n`;
    res.writeHead(500, { 'content-type': 'text/plain' }).end(body);
  });
  // A shop prints the URL asked for back into its page: its canonical link, with the key the fetch sent.
  server.route('/canon', (req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head><link rel="canonical" href="http://127.0.0.1:${server.port}${req.url}"></head><body>${PRODUCT}</body></html>`));
  // An echo service: the partner's token back under a header name that says nothing of it, and in its body's text.
  server.route('/echo-token', (req, res) => {
    const token = String(req.headers['x-partner'] ?? '').replace(/^Bearer /, '');
    res.writeHead(200, { 'content-type': 'application/json', 'x-echo': token }).end(JSON.stringify({ seen: token }));
  });
  server.route('/headers', (req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ headers: req.headers })));
  server.route('/hand', (_req, res, { url }) => void res.writeHead(302, { location: `/p?x=${url.searchParams.get('auth') ?? ''}`, 'content-length': '0' }).end());
  server.route('/authorize', (_req, res) => void res.writeHead(302, { location: `/p#access_token=${FRAGMENT_TOKEN}&token_type=bearer`, 'content-length': '0' }).end());
  project = scratchProject();
});
afterAll(async () => {
  await server.close();
  project.cleanup();
});

function leaks(text: string): string[] {
  return SECRETS.filter((secret) => text.includes(secret));
}

describe('commands that print the URL they fetched', () => {
  it('`fetch` shows the URL and its redirects without credentials or tokens', async () => {
    const run = await cli(['fetch', `http://buyer:${PASSWORD}@127.0.0.1:${server.port}/moved`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`200 http://***@127.0.0.1:${server.port}/p?api_key=***`);
    expect(run.stdout).toContain('  set-cookie: ***\n');
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('`fetch` shows an API\'s error body without the credentials it quotes (a JSON-escaped URL, Authorization headers)', async () => {
    const run = await cli(['fetch', `http://127.0.0.1:${server.port}/api`]);
    expect(run.stdout).toContain('https:\\/\\/***@partner.test');
    expect(run.stdout).toContain('Authorization: Bearer ***');
    expect(run.stdout).toContain('Proxy-Authorization: Basic ***');
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('`fetch --html` shows the page without the credentials it quotes, as the digest does', async () => {
    // A page (an error page, a debug listing) echoing the URL it was asked for and an API's error body: --html printed them raw.
    const run = await cli(['fetch', '--html', `http://buyer:${PASSWORD}@127.0.0.1:${server.port}/echo`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`asked for http://***@127.0.0.1:${server.port}/echo`);
    expect(run.stdout).toContain('https:\\/\\/***@partner.test');
    expect(run.stdout).toContain('Authorization: Bearer ***');
    expect(run.stdout).toContain('/next?api_key=***');
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('`fetch` and `fetch --html` show a debug page without the secrets it echoes as clients write them', async () => {
    const shown = await cli(['fetch', `http://127.0.0.1:${server.port}/debug`]);
    const html = await cli(['fetch', '--html', `http://127.0.0.1:${server.port}/debug`]);
    expect(html.stdout).toContain('/v1?pass%77ord=***&page=2\nx-api-key: ***\nconnect host=db password=*** dbname=prices\n{\'client_secret\': \'***\'}');
    expect(leaks(shown.stdout + shown.stderr + html.stdout + html.stderr)).toEqual([]);
  });

  it('`fetch` shows a redirect to a callback without the access token in its fragment', async () => {
    const run = await cli(['fetch', `http://127.0.0.1:${server.port}/authorize`]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`200 http://127.0.0.1:${server.port}/p#access_token=***&token_type=bearer`);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('`shell` shows the response, its URL and its headers without them', async () => {
    // What the REPL prints is the screen too, kept in a CI log when the shell is fed lines.
    const input = 'res\nres.headers\nres.url\n({ cookie: `sid=${1}`, apiKey: 7 })\n';
    const run = await cli(['shell', `http://buyer:${PASSWORD}@127.0.0.1:${server.port}/moved`, '-s', 'robots.obey=false'], { input });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`'http://***@127.0.0.1:${server.port}/p?api_key=***'`);
    expect(run.stdout).toContain("'set-cookie': '***'");
    expect(run.stdout).toContain("{ cookie: '***', apiKey: '***' }");
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('`shell` masks a value shaped as credentials under any header name, as `settings` does, wherever the REPL prints it', async () => {
    // An echo endpoint, as a developer uses one to see what the crawl sends: the header's name says nothing of its secret.
    const input = "res.json()\nres.json().headers\n({ 'x-upstream': 'Basic ' + 'c2hhcGVkOnBhc3M=', title: 'Basic T-shirt' })\n({ headers: { partner: 'Token ' + 'un' + 'hyphenated-992' } })\nconst a = { 'x-b': 'Bot ' + 'cyc' + 'lic-303' }; a.self = a; a\n";
    const run = await cli(['shell', `http://127.0.0.1:${server.port}/headers`, '-s', 'robots.obey=false', '-s', `http.headers.X-Partner=Bearer ${SHAPED}`], { input });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("'x-partner': 'Bearer ***'");
    expect(run.stdout).toContain("'x-upstream': 'Basic ***'");
    // A product named with a scheme's word under a name that is no header's is the shop's data.
    expect(run.stdout).toContain("title: 'Basic T-shirt'");
    // Under `headers`, as in a settings value, a header's name need not be hyphenated; a value that holds itself prints.
    expect(run.stdout).toContain("{ headers: { partner: 'Token ***' } }");
    expect(run.stdout).toContain("<ref *1> { 'x-b': 'Bot ***', self: [Circular *1] }");
    expect(run.stdout).not.toMatch(/c2hhcGVkOnBhc3M=|unhyphenated-992|cyclic-303/);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('`parse` shows the page and the requests the callback made without them', async () => {
    const run = await cli(['parse', `http://buyer:${PASSWORD}@127.0.0.1:${server.port}/list`, '--spider', SPIDER, '-c', 'parse', '-s', 'robots.obey=false']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`parseProduct  GET http://***@127.0.0.1:${server.port}/p?token=***`);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('`fetch --save` records a fixture (a file a team commits) without them, and the fixture still passes its check', async () => {
    const url = `http://buyer:${PASSWORD}@127.0.0.1:${server.port}/moved`;
    const run = await cli(['fetch', url, '--save', 'generic-structured/secret', '-a', `apiKey=${ARG_KEY}`, '--root', project.root]);
    expect(run.code, run.stderr).toBe(0);
    const spec = readFileSync(join(project.root, 'spiders', 'fixtures', 'generic-structured', 'secret.json'), 'utf8');
    expect(JSON.parse(spec)).toMatchObject({ url: `http://***@127.0.0.1:${server.port}/p?api_key=***`, args: { apiKey: '***' } });
    expect(leaks(run.stdout + run.stderr + spec)).toEqual([]);
    const check = await cli(['check', 'generic-structured', '--root', project.root]);
    expect(check.stdout).toContain('secret');
    expect(check.code, check.stdout).toBe(0);
  });

  it('`fetch --save` of a page that prints back the key the fetch sent records the page with the key masked, as its URL is', async () => {
    const run = await cli(['fetch', `http://127.0.0.1:${server.port}/canon?api_key=${API_KEY}&lang=en`, '--save', 'generic-structured/echoed', '--root', project.root]);
    expect(run.code, run.stderr).toBe(0);
    const page = readFileSync(join(project.root, 'spiders', 'fixtures', 'generic-structured', 'echoed.html'), 'utf8');
    expect(page).toContain(`<link rel="canonical" href="http://127.0.0.1:${server.port}/canon?api_key=***&lang=en">`);
    expect(leaks(run.stdout + run.stderr + page)).toEqual([]);
    const check = await cli(['check', 'generic-structured', '--root', project.root]);
    expect(check.code, check.stdout).toBe(0);
  });

  it('`fetch`, `shell` and `fetch --save` show and record an answer echoing the token the fetch sent under plain names without it', async () => {
    const url = `http://127.0.0.1:${server.port}/echo-token`;
    const shown = await cli(['fetch', url, '-s', `http.headers.X-Partner=Bearer ${SHAPED}`]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('x-echo: ***');
    const saved = await cli(['fetch', url, '--save', 'generic-structured/echo-token', '-s', `http.headers.X-Partner=Bearer ${SHAPED}`, '--root', project.root]);
    expect(saved.code, saved.stderr).toBe(0);
    // The shell prints what the REPL is asked for: the echoing header, the body, a load of the same page.
    const input = "res.headers['x-echo']\nres.json()\nawait fetch('/echo-token')\nres.text\n";
    const shell = await cli(['shell', url, '-s', 'robots.obey=false', '-s', `http.headers.X-Partner=Bearer ${SHAPED}`], { input });
    expect(shell.code, shell.stderr).toBe(0);
    expect(shell.stdout).toContain("{ seen: '***' }");
    const fixture = [shell.stdout, shell.stderr, 'echo-token.json', 'echo-token.html'].map((file, index) => (index < 2 ? file : readFileSync(join(project.root, 'spiders', 'fixtures', 'generic-structured', file), 'utf8'))).join('\n');
    expect(leaks(shown.stdout + shown.stderr + saved.stdout + saved.stderr + fixture)).toEqual([]);
  });

  it('`fetch`, `parse` and `fetch --save` show and record a token a redirect moved under a plain name without it', async () => {
    const url = `http://127.0.0.1:${server.port}/hand?auth=${MOVED}`;
    const shown = await cli(['fetch', url]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`200 http://127.0.0.1:${server.port}/p?x=***`);
    const parsed = await cli(['parse', url, '--spider', SPIDER, '-c', 'parseProduct', '-s', 'robots.obey=false']);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(parsed.stdout).toContain(`"url":"http://127.0.0.1:${server.port}/p?x=***"`);
    const saved = await cli(['fetch', url, '--save', 'generic-structured/moved', '--root', project.root]);
    expect(saved.code, saved.stderr).toBe(0);
    const spec = readFileSync(join(project.root, 'spiders', 'fixtures', 'generic-structured', 'moved.json'), 'utf8');
    expect(JSON.parse(spec)).toMatchObject({ url: `http://127.0.0.1:${server.port}/p?x=***` });
    expect(leaks(shown.stdout + shown.stderr + parsed.stdout + parsed.stderr + saved.stdout + saved.stderr + spec)).toEqual([]);
  });

  it('a mistyped option that carries a store URL is named in the error without its password', async () => {
    // The argument parser quotes the whole `--name=value` it did not know, and its usage errors go to a recorded screen too.
    const run = await cli(['runs', `--stroe=postgres://crawler:${PASSWORD}@127.0.0.1:5432/prices`]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("unknown option '--stroe=postgres://***@127.0.0.1:5432/prices'");
    const unknownCommand = await cli([`redis://:${PASSWORD}@127.0.0.1:6379`]);
    expect(unknownCommand.code).not.toBe(0);
    expect(`${run.stdout}${run.stderr}${unknownCommand.stdout}${unknownCommand.stderr}`).not.toContain(PASSWORD);
  });
});
