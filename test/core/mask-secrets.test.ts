// The one masking of secrets: URL credentials anywhere in text, and values under secret-named keys.
import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';
import { runInNewContext } from 'node:vm';
import { isSecretName, maskItemSecrets, maskItemSecretsInText, maskSecrets, maskSecretsInInspected, maskSecretsInText } from '../../src/core/mask-secrets';
import { sentCredentials } from '../../src/core/sent-credentials';
import { createLogger } from '../../src/log/logger';
import { logSink } from '../support/test-crawl';

describe('maskSecretsInText', () => {
  it.each([
    ['http://user:s3cret@127.0.0.1:3128', 'http://***@127.0.0.1:3128'],
    ['redis://:s3cret@10.0.0.5:6379/0', 'redis://***@10.0.0.5:6379/0'],
    ['postgres://crawler:s3cret@db:5432/prices', 'postgres://***@db:5432/prices'],
    // PHP's json_encode escapes slashes: an API's error body quoting a URL.
    ['{"next":"https:\\/\\/feed:s3cret@partner.test\\/v1"}', '{"next":"https:\\/\\/***@partner.test\\/v1"}'],
    // Headers echoed as text: the scheme stays, the credentials go.
    ['sent Authorization: Bearer eyJ.s3cret.x and more', 'sent Authorization: Bearer *** and more'],
    ['"Proxy-Authorization: Basic ZmVlZDpzM2NyZXQ=\\r\\nHost: a"', '"Proxy-Authorization: Basic ***\\r\\nHost: a"'],
    ['authorization=s3cret-token', 'authorization=***'],
    // OAuth's implicit grant puts the token first in the fragment.
    ['https://shop.test/cb#access_token=s3cret&token_type=bearer', 'https://shop.test/cb#access_token=***&token_type=bearer'],
    ['http://acct-token-123@proxy:8000', 'http://***@proxy:8000'],
    // A raw @ in the password: masked up to the last @ of the authority, as a URL parser reads it.
    ['redis://u:p@ss@host:6379', 'redis://***@host:6379'],
    ['connect to rediss://u:pw@a:1 and postgres://u:pw@b/db failed', 'connect to rediss://***@a:1 and postgres://***@b/db failed'],
    ['{"url":"http://u:pw@h:1/x"}', '{"url":"http://***@h:1/x"}'],
    ['http://127.0.0.1:3128', 'http://127.0.0.1:3128'],
    ['http://shop.example/path@not-userinfo', 'http://shop.example/path@not-userinfo'],
    ['mail me: a@b.example', 'mail me: a@b.example'],
    ['sqlite:', 'sqlite:'],
    // Tokens in query strings, as APIs take them, in a log line's JSON and in HTML (`&amp;`).
    ['GET http://api.example/v1?api_key=k3y&page=2', 'GET http://api.example/v1?api_key=***&page=2'],
    ['{"url":"http://h/feed?x=1&access_token=t0k#top"}', '{"url":"http://h/feed?x=1&access_token=***#top"}'],
    ['<a href="http://h/?a=1&amp;token=t0k">', '<a href="http://h/?a=1&amp;token=***">'],
    ['http://h/?bypass=1&tokens=2', 'http://h/?bypass=1&tokens=2'],
    // Pre-signed links: a signature fetches what it signs, as a token does (S3, GCS, Azure SAS, CloudFront, OAuth 1).
    ['https://b.s3.example/i.jpg?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=5ca1ab1e&X-Amz-Expires=60', 'https://b.s3.example/i.jpg?X-Amz-Credential=***&X-Amz-Signature=***&X-Amz-Expires=60'],
    ['https://st.example/c/b?sv=2022&sig=Zm9v%2Bbar%3D&se=2030', 'https://st.example/c/b?sv=2022&sig=***&se=2030'],
    ['https://g.example/o?X-Goog-Signature=abc&Signature=def&oauth_signature=ghi&design=1', 'https://g.example/o?X-Goog-Signature=***&Signature=***&oauth_signature=***&design=1'],
    ['https://h/?signs=1&sigma=2&assign=3', 'https://h/?signs=1&sigma=2&assign=3'],
    // Secret-named fields of JSON text: headers the logger did not build.
    ['{"headers":{"Cookie":"sid=abc","x-api-key":"k3y","accept":"text/html"}}', '{"headers":{"Cookie":"***","x-api-key":"***","accept":"text/html"}}'],
    // A string that is one URL, with a raw quote, space or < in the password (the URL parser takes them).
    ['http://u:pa"s3cret@127.0.0.1:3128', 'http://***@127.0.0.1:3128'],
    ["http://u:pa's3cret@127.0.0.1:3128", 'http://***@127.0.0.1:3128'],
    ['postgres://u:pa s3cret@db:5432/prices', 'postgres://***@db:5432/prices'],
    ['redis://:pa<s3cret@10.0.0.5:6379/0?db=1', 'redis://***@10.0.0.5:6379/0?db=1'],
    // The one such character the URL parser keeps raw in a URL's user info (it percent-encodes " < space), so
    // a page URL with it reaches log lines as written: masked inside text too.
    ['{"url":"http://u:pa\'s3cret@h:1/x"}', '{"url":"http://***@h:1/x"}'],
    ["GET http://u:pa's3cret@h:1/x failed", 'GET http://***@h:1/x failed'],
    // A special scheme's slashes as the URL parser forgives them (none, one, three, backslashes): each still names
    // user info to it, so a proxy set as `http:/u:pw@proxy` was used with its password and shown with it.
    ['http:/u:s3cret@proxy:3128', 'http:/***@proxy:3128'],
    ['http:u:s3cret@proxy:3128', 'http:***@proxy:3128'],
    ['http:\\\\u:s3cret@proxy:3128/', 'http:\\\\***@proxy:3128/'],
    ['http:///u:s3cret@h/', 'http:///***@h/'],
    ['via http:/u:s3cret@h/x and https:\\u:s3cret@g/', 'via http:/***@h/x and https:\\***@g/'],
    ['http:/u:pa s3cret@proxy:3128', 'http:/***@proxy:3128'],
    // A protocol-relative link's user info (a page's raw href quoted in a message).
    ['bad link //u:s3cret@cdn.test/x', 'bad link //***@cdn.test/x'],
    // Not special: a scheme without its two slashes has no authority, and prose keeps its `@`.
    ['mailto:a@b.example, note:see me@10', 'mailto:a@b.example, note:see me@10'],
    // Text with no raw `@` skips the URL parse (perf-cpu2): the parser finds user info only at one, never at an
    // encoded or full-width one, nor across a tab or newline it strips. With one, the parse and the patterns run.
    ['http://user%40pw%3Ahost.example/x', 'http://user%40pw%3Ahost.example/x'],
    ['http://user:pw\uFF20host.example/x', 'http://user:pw\uFF20host.example/x'],
    ['http://us\ter:p\nw\uFE6Bhost.example/x', 'http://us\ter:p\nw\uFE6Bhost.example/x'],
    ['http://us\ter:p\nw@host.example/x', 'http://***@host.example/x'],
  ])('%s → %s', (text, masked) => {
    expect(maskSecretsInText(text)).toBe(masked);
  });
});

describe('bare query names a record masks and an item keeps', () => {
  // `key` is Google's, Bing Maps' and many search APIs' key; pwd, jwt and session ids log in whoever holds them.
  // A shop names data that way too (`/p?key=blue-kettle`): item URLs are data and identity, so they keep these.
  // OpenWeatherMap's key is its `appid`; Steam's store names a game `appid=730`, which items keep.
  const url = 'https://api.example/geo;jsessionid=J5ess?key=AIza9&pwd=p4ss&jwt=eyJ0&sessionid=s1d&PHPSESSID=php1&appid=8f3a9c&q=kettle&hotkey=1&keys=2&appids=730';
  it('masks them in text of a record (logs, fetch log, run record, report, screen)', () => {
    expect(maskSecretsInText(url)).toBe('https://api.example/geo;jsessionid=***?key=***&pwd=***&jwt=***&sessionid=***&PHPSESSID=***&appid=***&q=kettle&hotkey=1&keys=2&appids=730');
    expect(maskSecrets({ start: url }).start).toBe(maskSecretsInText(url));
  });

  it('keeps them in an item, whose names that always hold secrets are still masked', () => {
    expect(maskItemSecretsInText(url)).toBe(url);
    expect(maskItemSecretsInText('https://shop.example/p?key=blue-kettle&api_key=k3y')).toBe('https://shop.example/p?key=blue-kettle&api_key=***');
    expect(maskItemSecrets({ url: 'https://shop.example/p?key=blue&token=t0k', password: 'pw' })).toEqual({ url: 'https://shop.example/p?key=blue&token=***', password: '***' });
  });
});

describe('secret names as clients write them', () => {
  it.each([
    // A query name is percent-decoded before it is read, as the server reading it does.
    ['http://h/?pass%77ord=s3cret&page=2', 'http://h/?pass%77ord=***&page=2'],
    ['http://h/?api%5Fkey=s3cret', 'http://h/?api%5Fkey=***'],
    ['http://h/?%74oken=s3cret', 'http://h/?%74oken=***'],
    ['http://h/?%70%61%73%73%77%6F%72%64=s3cret', 'http://h/?%70%61%73%73%77%6F%72%64=***'],
    ['<a href="/x?a=1&amp;access%2Dtoken=s3cret">', '<a href="/x?a=1&amp;access%2Dtoken=***">'],
    // Bracketed names, as Rails and PHP nest form fields (`user[password]`), encoded or not.
    ['/login?user[password]=s3cret&user[name]=bob', '/login?user[password]=***&user[name]=bob'],
    ['/login?user%5Bpassword%5D=s3cret&api_key[]=s3cret', '/login?user%5Bpassword%5D=***&api_key[]=***'],
    ['/x?api_key[0]=s3cret&sort[0]=price', '/x?api_key[0]=***&sort[0]=price'],
    ['http://h/?Password=s3cret&APIKEY=s3cret&client_secret=s3cret&Signature=s3cret', 'http://h/?Password=***&APIKEY=***&client_secret=***&Signature=***'],
    // Header-like text (a debug line, an error body echoing the request): the value goes, as with Authorization.
    ['sent x-api-key: s3cret and X-Auth-Token: s3cret', 'sent x-api-key: *** and X-Auth-Token: ***'],
    ['Cookie: sid=s3cret; cart=s3cret\nAccept: */*', 'Cookie: ***\nAccept: */*'],
    ['"Set-Cookie: sid=s3cret; Path=/\\r\\nVary: Accept"', '"Set-Cookie: ***\\r\\nVary: Accept"'],
    // A libpq connection string in a driver's message, a Python dict in an API's error body, JSON quoted in a message.
    ['host=db user=crawler password=s3cret dbname=prices', 'host=db user=crawler password=*** dbname=prices'],
    ["upstream said {'password': 's3cret', 'user': 'bob'}", "upstream said {'password': '***', 'user': 'bob'}"],
    ['error "{\\"password\\":\\"s3cret\\",\\"user\\":\\"bob\\"}"', 'error "{\\"password\\":\\"***\\",\\"user\\":\\"bob\\"}"'],
    // A double-quoted value after a bare name (a YAML or .env line, a Python keyword, a debug print), escapes inside it.
    ['config password: "hunter2" user: bob', 'config password: "***" user: bob'],
    ['token = "x y", retries = 3', 'token = "***", retries = 3'],
    ['secret="a \\"b\\" c" next', 'secret="***" next'],
    ['x-api-key: "k3y"; Authorization: "Bearer abc"', 'x-api-key: "***"; Authorization: "***"'],
    ['bypass: "kept", passport: "P1"', 'bypass: "kept", passport: "P1"'],
    // A connection string's key=value list (ADO.NET, ODBC, JDBC's SQL Server form): the value runs to its `;`, a `?` or `/` in it too.
    ['Server=db;User Id=crawler;Password=pa?ss/w0rd;Database=prices', 'Server=db;User Id=crawler;Password=***;Database=prices'],
    ['jdbc:sqlserver://db:1433;user=crawler;password=pa?ss;databaseName=prices', 'jdbc:sqlserver://db:1433;user=crawler;password=***;databaseName=prices'],
    // A path parameter still ends where the URL's query begins.
    ['https://shop.test/cart;jsessionid=J5ess?page=2', 'https://shop.test/cart;jsessionid=***?page=2'],
    // A name encoded twice (a proxy or framework that decodes once more, as double-decoding servers do) is read through both.
    ['http://h/?%2574oken=s3cret&pass%2577ord=s3cret&page=2', 'http://h/?%2574oken=***&pass%2577ord=***&page=2'],
    ['http://h/?%252574oken=s3cret', 'http://h/?%252574oken=***'],
    // Look-alikes stay: words that hold a secret word, and the bare words a query uses for one but prose for others.
    ['bypass: 1, passport: P1, Tokens: 3, keyword=kettle, nextPageToken: n2', 'bypass: 1, passport: P1, Tokens: 3, keyword=kettle, nextPageToken: n2'],
    ['contracts pass: 3, sig: 2, auth: ok', 'contracts pass: 3, sig: 2, auth: ok'],
  ])('%s → %s', (text, masked) => {
    expect(maskSecretsInText(text)).toBe(masked);
  });

  it('an item keeps header-like text, which is the shop\'s words there, and still loses encoded secret query names', () => {
    expect(maskItemSecretsInText('Cookie: chocolate chip; Secret: Santa')).toBe('Cookie: chocolate chip; Secret: Santa');
    expect(maskItemSecretsInText('https://shop.example/p?id=1&api%5Fkey=s3cret')).toBe('https://shop.example/p?id=1&api%5Fkey=***');
  });

  it('reads hostile runs once: a name of 200,000 characters before a colon, and 100,000 parameters', () => {
    const run = 'a-'.repeat(100_000);
    expect(maskSecretsInText(`${run}token: s3cret ${'a'.repeat(200_000)}: x`)).toBe(`${run}token: *** ${'a'.repeat(200_000)}: x`);
    expect(maskSecretsInText(`/x?${'a=1&'.repeat(100_000)}token=s3cret`)).toBe(`/x?${'a=1&'.repeat(100_000)}token=***`);
  });
});

describe('maskSecretsInText on hostile text', () => {
  it('reads a long run of scheme characters once: 200,000 characters of a-a-a-… before a URL with user info', () => {
    // A scheme was matched from every word boundary of such a run to its end (quadratic: 100 KB held the loop
    // for 30 s), and every log line and every string of every stored item goes through this masking.
    const run = 'a-'.repeat(100_000);
    expect(maskSecretsInText(`${run} http://u:pw@h/x ${run}http://u:pw@h/y`)).toBe(`${run} http://***@h/x ${run}http://***@h/y`);
  });
});

describe('maskSecrets', () => {
  it('masks URLs in every string and the values of secret-named keys, leaving the rest as it was', () => {
    const settings = { sessions: { proxyUrls: ['http://u:pw@p:1'], enabled: true }, frontier: { url: 'redis://:pw@r:6379' }, client: { password: 'pw', user: 'crawler' }, retries: 3 };
    expect(maskSecrets(settings)).toEqual({ sessions: { proxyUrls: ['http://***@p:1'], enabled: true }, frontier: { url: 'redis://***@r:6379' }, client: { password: '***', user: 'crawler' }, retries: 3 });
    expect(settings.client.password).toBe('pw'); // a copy: the settings in use keep their secrets
  });

  it('masks a setting\'s URL whose password holds a raw quote or space, as the run record and start-up log show it', () => {
    const settings = { sessions: { proxyUrls: ['http://u:pa"s3cret@p:1', 'http://u:pa s3cret@p:2'] }, storage: { url: "postgres://u:pa's3cret@db/prices" } };
    expect(JSON.stringify(maskSecrets(settings))).not.toContain('s3cret');
  });

  it('masks request headers that carry credentials, by any of their usual names', () => {
    const headers = { Cookie: 'sid=1', 'Proxy-Authorization': 'Basic x', 'X-Api-Key': 'k', Authorization: 'Bearer t', Accept: 'text/html' };
    expect(maskSecrets({ http: { headers } })).toEqual({ http: { headers: { Cookie: '***', 'Proxy-Authorization': '***', 'X-Api-Key': '***', Authorization: '***', Accept: 'text/html' } } });
  });

  it('masks a header whose value has a credential\'s shape (an auth scheme and its credentials), whatever the header is named', () => {
    const headers = {
      'X-Custom': 'Basic dXNlcjpwYXNz',
      'X-Partner': 'bearer eyJhbGciOiJIUzI1NiJ9.e30.sig',
      'X-Upstream': 'Digest username="crawler", realm="shop", nonce="n1", response="6629fae49393a05397450978507c4ef1"',
      'X-Amz': 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=abc',
      'X-Auth-Token': 'tok',
      'X-Plan': 'Basic',
      'User-Agent': 'Bot/1.0 (+https://example.org/bot)',
      Accept: 'text/html',
    };
    expect(maskSecrets({ http: { headers } })).toEqual({
      http: {
        headers: {
          'X-Custom': 'Basic ***',
          'X-Partner': 'bearer ***',
          'X-Upstream': 'Digest ***',
          'X-Amz': 'AWS4-HMAC-SHA256 ***',
          'X-Auth-Token': '***',
          'X-Plan': 'Basic',
          'User-Agent': 'Bot/1.0 (+https://example.org/bot)',
          Accept: 'text/html',
        },
      },
    });
    expect(maskSecrets({ rawHeaders: ['X-Custom', 'Token 9f8e7d6c5b4a', 'Accept', 'text/html'] })).toEqual({ rawHeaders: ['X-Custom', 'Token ***', 'Accept', 'text/html'] });
    expect(maskSecretsInText('upstream said 401 to X-Custom: Basic dXNlcjpwYXNz\r\nAccept: */*')).toBe('upstream said 401 to X-Custom: Basic ***\r\nAccept: */*');
    expect(maskSecretsInText('{"headers":{"x-custom":"Basic dXNlcjpwYXNz","accept":"*/*"}}')).toBe('{"headers":{"x-custom":"Basic ***","accept":"*/*"}}');
    // Outside a header, the same words are a setting's or a shop's text.
    expect(maskSecrets({ spider: { plan: 'Basic dXNlcjpwYXNz' } })).toEqual({ spider: { plan: 'Basic dXNlcjpwYXNz' } });
    expect(maskSecretsInText('Plan: Basic monthly, Status: Token expired')).toBe('Plan: Basic monthly, Status: Token expired');
  });

  it('knows the names gateways and SDKs give secrets (camelCase, run-on, a key after its kind) and leaves look-alikes alone', () => {
    const secret = ['x-signature', 'X-Amz-Signature', 'sig', 'Ocp-Apim-Subscription-Key', 'X-Access-Key', 'X-Auth-Key', 'access_key', 'aws_secret_access_key', 'privateKey', 'accessToken', 'sessionToken', 'clientSecret', 'dbPassword', 'PGPASSWORD', 'passphrase', 'user_key', 'app_key', 'appKey', 'developerKey'];
    const plain = ['userAgentToken', 'robots.userAgentToken', 'hostKey', 'politeness.hostKey', 'nextPageToken', 'monkey', 'bypass', 'keyboard', 'passage'];
    expect(secret.filter((name) => !isSecretName(name))).toEqual([]);
    expect(plain.filter((name) => isSecretName(name))).toEqual([]);
    expect(maskSecretsInText('/api?access_key=a1&accessToken=a2&clientSecret=a3&page=2')).toBe('/api?access_key=***&accessToken=***&clientSecret=***&page=2');
    // API gateways' own names (3scale): a key in a product link's query is no shop's data either.
    expect(maskItemSecretsInText('/v1/prices?app_id=shop1&app_key=9f8e7d6c5b4a&user_key=a1b2c3d4e5')).toBe('/v1/prices?app_id=shop1&app_key=***&user_key=***');
  });

  it('takes a custom header named for a key (X-RapidAPI-Key, X-Partner-Key) as holding one, in settings, records and what a request sent', () => {
    const secret = ['X-RapidAPI-Key', 'x-rapidapi-key', 'X-Partner-Key', 'X-Functions-Key', 'x_client_key', 'http.headers.X-Partner-Key'];
    const plain = ['X-RapidAPI-Host', 'steam_appid', 'appid', 'sort_key', 'x-key-id', 'hotkey', 'X-Request-Id'];
    expect(secret.filter((name) => !isSecretName(name))).toEqual([]);
    expect(plain.filter((name) => isSecretName(name))).toEqual([]);
    expect(maskSecrets({ http: { headers: { 'X-RapidAPI-Key': 'a1b2c3d4e5f6', 'X-RapidAPI-Host': 'prices.p.rapidapi.com' } } })).toEqual({ http: { headers: { 'X-RapidAPI-Key': '***', 'X-RapidAPI-Host': 'prices.p.rapidapi.com' } } });
    expect(maskSecretsInText('upstream echoed x-rapidapi-key: a1b2c3d4e5f6, x-rapidapi-host: prices')).toBe('upstream echoed x-rapidapi-key: ***, x-rapidapi-host: prices');
    expect(sentCredentials([], [{ 'X-Partner-Key': 'pK7-v2Qx9-Lm4Z' }])).toContain('pK7-v2Qx9-Lm4Z');
    // A Steam game's id is the shop's data, in an item as a field or in its URL.
    expect(maskItemSecrets({ steam_appid: 730, url: 'https://store.example/api/appdetails?appid=730' })).toEqual({ steam_appid: 730, url: 'https://store.example/api/appdetails?appid=730' });
  });
});

describe('maskSecretsInInspected', () => {
  it('masks secret-named fields and header pairs in util.inspect\'s notation (any quotes, lists over lines), and URLs, leaving the rest', () => {
    class Answer {
      url = 'http://u:pw@shop/p?api_key=k1';
      headers = { 'set-cookie': ['sid=s1; Path=/', `csrf='c1'`, 'x'.repeat(90)], 'content-type': 'text/html', cookie: `a="1"'b` };
      rawHeaders = ['Set-Cookie', 'sid=s2', 'Host', 'shop'];
      names = ['Authorization', 'Cookie'];
      apiKey = 7;
      bypass = 'kept';
    }
    const shown = maskSecretsInInspected(inspect(new Answer(), { colors: false }));
    expect(['pw', 'k1', 's1', 'c1', 'xxxx', '"1"', 's2', ' 7'].filter((secret) => shown.includes(secret))).toEqual([]);
    for (const kept of ["'http://***@shop/p?api_key=***'", "'set-cookie': '***'", "cookie: '***'", "'content-type': 'text/html'", "[ 'Set-Cookie', '***', 'Host', 'shop' ]", "[ 'Authorization', 'Cookie' ]", "apiKey: '***'", "bypass: 'kept'"]) {
      expect(shown).toContain(kept);
    }
  });
});

describe('the logger', () => {
  it('masks credentials in any message, field or error text it writes', () => {
    const sink = logSink();
    const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
    log.error({ err: new Error('connect to redis://:r3dis-pw@127.0.0.1:1 refused'), target: 'http://u:pr0xy-pw@127.0.0.1:2' }, 'via http://u:pr0xy-pw@127.0.0.1:2');
    const text = JSON.stringify(sink.lines);
    expect(sink.lines).toHaveLength(1);
    expect(text).not.toContain('r3dis-pw');
    expect(text).not.toContain('pr0xy-pw');
    expect(sink.lines[0].msg).toBe('via http://***@127.0.0.1:2');
  });

  it('masks a double-quoted value after a bare name in a message, where the JSON line escapes its quotes', () => {
    const sink = logSink();
    const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
    log.warn('upstream echoed password: "hunter2" and token = "x y"');
    expect(sink.lines[0].msg).toBe('upstream echoed password: "***" and token = "***"');
  });
});

describe('a value shaped as credentials in inspected notation', () => {
  it('is masked in whichever quotes inspect chose, and a value of another realm is walked as ours', () => {
    expect(maskSecretsInInspected(inspect({ 'x-upstream': "Basic it's-s3cret" }))).toBe(`{ 'x-upstream': "Basic ***" }`);
    expect(maskSecretsInInspected(inspect({ 'x-upstream': 'Bearer s3cret', title: 'Basic T-shirt' }))).toBe("{ 'x-upstream': 'Bearer ***', title: 'Basic T-shirt' }");
    const foreign = runInNewContext("({ headers: { partner: 'Token s3cret' } })") as unknown;
    expect(maskSecrets(foreign)).toEqual({ headers: { partner: 'Token ***' } });
  });
});
