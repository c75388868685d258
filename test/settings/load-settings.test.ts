import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../src/core/errors';
import { loadSettings } from '../../src/settings/load-settings';
import { hostKeyOf } from '../../src/politeness/host-key';
import { policyFromSettings } from '../../src/politeness/host-policy';

const noEnv = {};

function errorOf(fn: () => unknown): SettingsError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('loadSettings', () => {
  it('gives typed defaults with units when nothing is set', () => {
    const { settings, overrides } = loadSettings({ cwd: mkdtempSync(join(tmpdir(), 'pc-set-')), env: noEnv });
    expect(settings.politeness.minIntervalMs).toBe(1000);
    expect(settings.http.maxBodyBytes).toBe(10 * 1024 * 1024);
    expect(settings.http.maxRedirects).toBe(10);
    expect(overrides).toEqual({});
    expect(Object.isFrozen(settings.politeness)).toBe(true);
  });

  it('layers config < spider < env < cli and reports who set each key', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { minIntervalMs: 10, jitterMs: 1 }, http: { timeoutMs: 5 } }));
    const { settings, overrides } = loadSettings({
      cwd,
      spiderSettings: { politeness: { minIntervalMs: 20 }, http: { userAgent: 'spider-ua' } },
      env: { PRICECRAWL_POLITENESS__MIN_INTERVAL_MS: '30', PRICECRAWL_HTTP__USER_AGENT: '12345' },
      // A User-Agent of digits names no robots.txt group, so the crawler's name is given.
      cliPairs: ['politeness.minIntervalMs=40', 'robots.userAgentToken=pricecrawl'],
    });
    expect(settings.politeness.minIntervalMs).toBe(40);
    expect(settings.politeness.jitterMs).toBe(1);
    expect(settings.http.timeoutMs).toBe(5);
    expect(settings.http.userAgent).toBe('12345'); // a string setting stays a string
    expect(overrides['politeness.minIntervalMs']).toEqual({ value: 40, layer: 'cli' });
    expect(overrides['politeness.jitterMs'].layer).toBe('config');
    expect(overrides['http.userAgent'].layer).toBe('env');
  });

  it('merges per-host overrides from several layers instead of replacing them', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { hosts: { 'a.example': { minIntervalMs: 5 } } } }));
    const { settings } = loadSettings({ cwd, env: noEnv, spiderSettings: { politeness: { hosts: { 'b.example:81': { maxConcurrency: 2 } } } } });
    expect(settings.politeness.hosts).toEqual({ 'a.example': { minIntervalMs: 5 }, 'b.example:81': { maxConcurrency: 2 } });
  });

  // Before: `-s` read the host key as its first dotted segment (`shop`), so no real host's entry could be
  // set on the command line ("no such setting"), though the did-you-mean of a misspelt host block suggests
  // exactly such a path; and a host spelt two ways in two layers was refused as naming one host twice.
  it('takes a per-host setting from every layer, host names with dots on the command line, one host however each layer spells it', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { minIntervalMs: 100, hosts: { 'Shop.Example': { minIntervalMs: 2000, jitterMs: 7 } } } }));
    const { settings, overrides } = loadSettings({
      cwd,
      env: { 'PRICECRAWL_POLITENESS__HOSTS__SHOP.EXAMPLE:443__JITTER_MS': '3' },
      spiderSettings: { politeness: { hosts: { 'shop.example': { maxConcurrency: 3 } } } },
      cliPairs: ['politeness.hosts.SHOP.EXAMPLE.minIntervalMs=500', 'politeness.hosts.127.0.0.1:8402.maxConcurrency=2', 'politeness.hosts.cdn={"minIntervalMs":50}'],
    });
    expect(settings.politeness.hosts).toEqual({ 'shop.example': { minIntervalMs: 500, jitterMs: 3, maxConcurrency: 3 }, '127.0.0.1:8402': { maxConcurrency: 2 }, cdn: { minIntervalMs: 50 } });
    expect(policyFromSettings(settings.politeness)(hostKeyOf('https://shop.example/p/1', 'host'))).toEqual({ minIntervalMs: 500, jitterMs: 3, maxConcurrency: 3 });
    expect(overrides['politeness.hosts.Shop.Example.minIntervalMs']).toEqual({ value: 500, layer: 'cli' });
    // A header name is a record key too, and stays whole.
    expect(loadSettings({ cwd, env: noEnv, cliPairs: ['http.headers.X-Team.Id=prices'] }).settings.http.headers).toEqual({ 'X-Team.Id': 'prices' });
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['politeness.hosts.shop.example.maxConcurrencyPerHost=2'] })).message).toMatch(/politeness\.hosts\.shop\.example\.maxConcurrencyPerHost: unknown setting \(from cli\); did you mean "politeness\.hosts\.shop\.example\.maxConcurrency"/);
  });

  // Before: a key spelled any other way than the crawl's own host key matched no host, and the host was
  // crawled at the project-wide interval it had been given a slower one against.
  it('spells per-host keys the way the crawl spells a URL\'s host key, and refuses keys that name no host', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const hosts = { 'Bücher.Example': { minIntervalMs: 5000 }, 'shop.example.:443': { maxConcurrency: 1 }, '[::ffff:127.0.0.1]:8080': { jitterMs: 0 } };
    const { settings } = loadSettings({ cwd, env: noEnv, spiderSettings: { politeness: { hosts }, blockDetection: { hosts: { 'SHOP.example': { statuses: [999] } } } } });
    expect(Object.keys(settings.politeness.hosts).sort()).toEqual(['127.0.0.1:8080', 'shop.example', 'xn--bcher-kva.example']);
    expect(policyFromSettings(settings.politeness)(hostKeyOf('https://bücher.example/p/1', 'host')).minIntervalMs).toBe(5000);
    expect(Object.keys(settings.blockDetection.hosts)).toEqual(['shop.example']);
    const bad = errorOf(() => loadSettings({ cwd, env: noEnv, spiderSettings: { throttle: { adaptive: { hosts: ['https://shop.example/'] } } } }));
    expect(bad.message).toMatch(/throttle\.adaptive\.hosts\.0: "https:\/\/shop\.example\/" is no host or host:port.*\(from spider\)/);
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { hosts: { 'shop.example': { minIntervalMs: 5 }, 'SHOP.EXAMPLE:443': { minIntervalMs: 9 } } } }));
    expect(errorOf(() => loadSettings({ cwd, env: noEnv })).message).toMatch(/"SHOP\.EXAMPLE:443" and "shop\.example" name the same host \(shop\.example\).*\(from config\)/);
  });

  // `::1:8080` is the IPv6 address ::1:8080 to the URL parser, but most likely meant [::1] on port 8080: read
  // either way, the setting matched a host the user did not mean and none they did.
  it('refuses a bare IPv6 key whose last group could be its port, naming the layer', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { hosts: { '::1:8080': { minIntervalMs: 5 } } } }));
    expect(errorOf(() => loadSettings({ cwd, env: noEnv })).message).toMatch(/politeness\.hosts\.::1:8080: "::1:8080" could be \[::1:8080\] or \[::1\]:8080: write it with brackets.*\(from config\)/);
    const plain = { '::1': { jitterMs: 0 }, '2001:db8::1': { jitterMs: 0 }, '[::1]:8080': { jitterMs: 0 } };
    const { settings } = loadSettings({ cwd: mkdtempSync(join(tmpdir(), 'pc-set-')), env: noEnv, spiderSettings: { politeness: { hosts: plain } } });
    expect(Object.keys(settings.politeness.hosts).sort()).toEqual(['[2001:db8::1]', '[::1]', '[::1]:8080']);
  });

  it('refuses a per-host key that is no registrable domain when the crawl keys hosts by domain', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const spiderSettings = { politeness: { hostKey: 'domain' as const, hosts: { 'www.shop.example': { minIntervalMs: 5000 }, 'shop.co.uk': {}, '127.0.0.1:8080': {} } } };
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, spiderSettings })).message).toBe(
      'invalid settings:\n  politeness.hosts.www.shop.example: with politeness.hostKey "domain" the keys are registrable domains: write "shop.example" for "www.shop.example" (from spider)',
    );
  });

  it('refuses a host key by server address, saying why and what to write instead', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { hostKey: 'ip' } }));
    const message = errorOf(() => loadSettings({ cwd, env: noEnv })).message;
    expect(message).toMatch(/^invalid settings:\n  politeness\.hostKey: "ip" \(one gate per server address\) is not supported: .*"domain".*politeness\.hosts.* \(from config\)$/);
  });

  it('names the dotted path and the layer of an unknown key', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { minIntervalMS: 10 } }));
    const error = errorOf(() => loadSettings({ cwd, env: noEnv }));
    expect(error.code).toBe('SETTINGS_INVALID');
    expect(error.message).toContain('politeness.minIntervalMS: unknown setting (from config); did you mean "politeness.minIntervalMs"?');
  });

  it('says what an extension entry must be, and names the misspelt key inside one, instead of "Invalid input"', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const refusal = (entry: unknown) => errorOf(() => loadSettings({ cwd, env: noEnv, programSettings: { extensions: { watch: entry } } as never })).message;
    // Before: `extensions.watch: Invalid input (from runCrawl)` for each of these.
    expect(refusal('./extensions/watch.ts')).toBe(
      'invalid settings:\n  extensions.watch: expected { "module": "./extensions/<file>.ts" } (with "export" and "options" if needed), or false to switch a built-in extension off; got "./extensions/watch.ts" (from runCrawl)',
    );
    expect(refusal({ modul: './extensions/watch.ts' })).toBe(
      'invalid settings:\n  extensions.watch.module: Invalid input: expected string, received undefined (from runCrawl)\n  extensions.watch.modul: unknown setting (from runCrawl); did you mean "extensions.watch.module"?',
    );
    expect(loadSettings({ cwd, env: noEnv, programSettings: { extensions: { 'null-price-alarm': false } } }).overrides['extensions.null-price-alarm']).toEqual({ value: false, layer: 'runCrawl' });
  });

  it('limits HTTP callbacks to 60 s by default, per spider and per host, and refuses a limit of nothing', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    expect(loadSettings({ cwd, env: noEnv }).settings.http.callbackTimeoutMs).toBe(60_000);
    const { settings } = loadSettings({ cwd, env: noEnv, spiderSettings: { http: { callbackTimeoutMs: 5_000 }, politeness: { hosts: { 'Shop.Example': { callbackTimeoutMs: 90_000 } } } } });
    expect(settings.http.callbackTimeoutMs).toBe(5_000);
    expect(settings.politeness.hosts['shop.example']).toEqual({ callbackTimeoutMs: 90_000 });
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['http.callbackTimeoutMs=0'] })).message).toMatch(/http\.callbackTimeoutMs: .*>=1.*\(from cli\)/);
    // Crawlee's name for it, as a user moving over would write it.
    const hosts: Record<string, Record<string, number>> = { 'shop.example': { callbackTimeoutMs: 0, callbackTimeoutSecs: 60 } };
    const error = errorOf(() => loadSettings({ cwd, env: noEnv, spiderSettings: { politeness: { hosts } } }));
    expect(error.message).toMatch(/politeness\.hosts\.shop\.example\.callbackTimeoutMs: .*>=1.*\(from spider\)/);
    expect(error.message).toMatch(/politeness\.hosts\.shop\.example\.callbackTimeoutSecs: unknown setting/);
  });

  it('refuses a frontier URL no parser reads, naming the key and not the password (it escaped as a bare "Invalid URL", exit 1)', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    for (const url of ['redis://:s3cret@127.0.0.1:99999', 'redis://:s3cret@[::1']) {
      const error = errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: [`frontier.url=${url}`] }));
      expect(error.message).toContain('frontier.url: not a valid URL (from cli)');
      expect(error.message).not.toContain('s3cret');
    }
  });

  it('refuses a store, frontier or proxy URL whose password holds a % that starts no escape, naming the key and the fix, not the password (the drivers threw a bare "URI malformed")', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const pairs = ['storage.url=postgres://crawler:50%off@127.0.0.1:5432/prices', 'frontier.url=redis://:50%off@127.0.0.1:6379', 'sessions.proxyUrls=["http://u:50%off@127.0.0.1:3128"]'];
    for (const [pair, key] of pairs.map((one) => [one, one.slice(0, one.indexOf('='))])) {
      const error = errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: [pair] }));
      expect(error.message).toContain(`${key === 'sessions.proxyUrls' ? `${key}.0` : key}: the user name or password holds a % that starts no %XX escape: write it as %25 (from cli)`);
      expect(error.message).not.toContain('50%off');
    }
  });

  it('limits URLs to 2083 characters by default, as Scrapy, takes 0 for no limit, and names the layer of a bad limit', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    expect(loadSettings({ cwd, env: noEnv }).settings.urlLength.limit).toBe(2083);
    expect(loadSettings({ cwd, env: noEnv, cliPairs: ['urlLength.limit=0'] }).settings.urlLength.limit).toBe(0);
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['urlLength.limit=-1'] })).message).toMatch(/urlLength\.limit: .*>=0.*\(from cli\)/);
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, spiderSettings: { urlLength: { limit: 20.5 } } })).message).toMatch(/urlLength\.limit: .*int.*\(from spider\)/);
    // Crawlee's and Scrapy's words for it are not ours: refused, not ignored.
    const misspelt: Record<string, Record<string, number>> = { urlLength: { max: 100 } };
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, spiderSettings: misspelt })).message).toMatch(/urlLength\.max: unknown setting/);
  });

  it('names the dotted path of a value of the wrong type or range', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const error = errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['http.timeoutMs=-5', 'concurrency.maxConcurrency=lots'] }));
    expect(error.message).toMatch(/http\.timeoutMs: .*>=0.*\(from cli\)/);
    expect(error.message).toMatch(/concurrency\.maxConcurrency: .*number/);
  });

  it('reads metaRefresh with Scrapy\'s defaults, per host, and names its bad values', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const { settings } = loadSettings({ cwd, env: noEnv, spiderSettings: { metaRefresh: { hosts: { 'SHOP.example': { enabled: false } } } } });
    expect(settings.metaRefresh).toMatchObject({ enabled: true, maxDelayMs: 100_000, hosts: { 'shop.example': { enabled: false } } });
    const error = errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['metaRefresh.maxDelayMs=-1', 'metaRefresh.enabled=maybe'] }));
    expect(error.message).toMatch(/metaRefresh\.maxDelayMs: .*>=0.*\(from cli\)/);
    expect(error.message).toMatch(/metaRefresh\.enabled: .*boolean/);
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ metaRefresh: { hosts: { 'https://shop.example/': {}, 'b.example': { maxDelaySeconds: 5 } } } }));
    const badHost = errorOf(() => loadSettings({ cwd, env: noEnv }));
    expect(badHost.message).toMatch(/metaRefresh\.hosts\.https:\/\/shop\.example\/: .*is no host/);
    expect(badHost.message).toMatch(/metaRefresh\.hosts\.b\.example\.maxDelaySeconds: unknown setting/);
  });

  it('names a bad value of the config file even where the spider overrides the key', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify({ politeness: { minIntervalMs: 'fast' } }));
    const error = errorOf(() => loadSettings({ cwd, env: noEnv, spiderSettings: { politeness: { minIntervalMs: 2000 } } }));
    expect(error.message).toBe('invalid settings:\n  politeness.minIntervalMs: Invalid input: expected number, received string (from config)');
  });

  it('ignores PRICECRAWL_ variables without "__" and warns about the ones that look misspelt', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const loaded = loadSettings({
      cwd,
      env: { PRICECRAWL_HOME: '/opt/prices', PRICECRAWL_API_TOKEN: 's3cret', PRICECRAWL_HTTP_TIMEOUT_MS: '5', PRICECRAWL_HTTP__TIMEOUT_MS: '1234' },
    });
    expect(loaded.settings.http.timeoutMs).toBe(1234);
    expect(loaded.warnings).toEqual(['environment variable PRICECRAWL_HTTP_TIMEOUT_MS is not a setting and is ignored; did you mean PRICECRAWL_HTTP__TIMEOUT_MS?']);
    expect(errorOf(() => loadSettings({ cwd, env: { PRICECRAWL_HTTP__TIMEOUT_MS: 'soon' } })).message).toContain('http.timeoutMs');
  });

  it('refuses a PRICECRAWL_ name with "__" that names no setting: a misspelt proxy list must not crawl from our own address', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    const typo = errorOf(() => loadSettings({ cwd, env: { PRICECRAWL_SESSIONS__PROXY_URLZ: 'http://user:pw@127.0.0.1:3128' } })).message;
    expect(typo).toContain('environment variable PRICECRAWL_SESSIONS__PROXY_URLZ names no setting; did you mean PRICECRAWL_SESSIONS__PROXY_URLS?');
    expect(typo).not.toContain('pw@');
    expect(errorOf(() => loadSettings({ cwd, env: { PRICECRAWL_POLITENES__MIN_INTERVAL_MS: '1' } })).message).toContain('did you mean PRICECRAWL_POLITENESS__MIN_INTERVAL_MS?');
    expect(errorOf(() => loadSettings({ cwd, env: { PRICECRAWL_TEAM__THING: '1' } })).message).toContain('PRICECRAWL_TEAM__THING names no setting (names with');
  });

  it('rejects -s keys that name no setting', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['http.tiemoutMs=1'] })).message).toContain('http.tiemoutMs');
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['novalue'] })).message).toContain('key=value');
  });

  it('fails on a config file that is not JSON, naming the file', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    writeFileSync(join(cwd, 'pricecrawl.config.json'), '{ nope');
    expect(errorOf(() => loadSettings({ cwd, env: noEnv })).message).toContain('pricecrawl.config.json: not valid JSON');
  });

  it('refuses a key given twice in one object of the config file instead of keeping the later one', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    // A component entry copied for a second middleware whose name was left as it was.
    const twice = '{ "middlewares": { "add": { "sign": { "module": "./a.mjs" }, "sign": { "module": "./b.mjs" } } }, "politeness": { "minIntervalMs": 100 } }';
    writeFileSync(join(cwd, 'pricecrawl.config.json'), twice);
    expect(errorOf(() => loadSettings({ cwd, env: noEnv })).message).toMatch(/pricecrawl\.config\.json: not valid JSON \(Duplicate key 'sign'/);
    writeFileSync(join(cwd, 'pricecrawl.config.json'), '{ "politeness": { "minIntervalMs": 100, "jitterMs": 0 } }');
    expect(loadSettings({ cwd, env: noEnv }).settings.politeness.minIntervalMs).toBe(100);
  });
});

describe('key spelling', () => {
  it('is exact for -s keys (a wrong case is a typo) and loose only for environment variables', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-set-'));
    expect(errorOf(() => loadSettings({ cwd, env: noEnv, cliPairs: ['politeness.minIntervalMS=5'] })).message).toContain('politeness.minIntervalMS');
    expect(loadSettings({ cwd, env: { PRICECRAWL_politeness__minintervalms: '7' } }).settings.politeness.minIntervalMs).toBe(7);
  });
});
