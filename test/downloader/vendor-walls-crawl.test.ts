// Bot-management vendors' challenge pages (Kasada, Akamai, Imperva, DataDome) are blocks at any status; their scripts and cookies on a page they let through are not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { quickRetrySettings } from '../support/quick-retry-settings';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** Each vendor's challenge document, in the shape it is served, and the status it comes with. */
const WALLS: Record<string, { status: number; body: string }> = {
  kasada: {
    status: 429,
    body: `<!DOCTYPE html><html><head></head><body><script>window.KPSDK={};KPSDK.now=typeof performance!=='undefined'&&performance.now?performance.now.bind(performance):Date.now.bind(Date);KPSDK.start=KPSDK.now();</script><script src="/149e9513-01fa-4fb0-aad4-566afd725d1b/2d206a39-8ed7-437e-a3be-862e0f06eea3/ips.js?tkrm_alpekz_s1.3=0Zhp&amp;x-kpsdk-im=AAIH"></script><iframe src="javascript:;" style="display: none;"></iframe></body></html>`,
  },
  'kasada-200': {
    status: 200,
    body: `<script>\n  window.KPSDK={};\n  KPSDK.now=typeof performance!=='undefined'&&performance.now?performance.now.bind(performance):Date.now.bind(Date);\n  KPSDK.start=KPSDK.now();\n</script>\n<script src="/149e9513/2d206a39/ips.js?x-kpsdk-im=AAIH"></script>`,
  },
  'akamai-challenge': {
    status: 200,
    body: `<!DOCTYPE html><html lang="en"><head><title></title><script src="/_sec/cp_challenge/sec-4-4.js" async defer></script></head><body><div id="sec-if-cpt-container" class="sec-if-cpt-container"><div class="behavioral-content"><h1>Powered and protected by Akamai</h1></div></div></body></html>`,
  },
  'akamai-interstitial': {
    status: 200,
    body: `<!DOCTYPE html><html><head><meta http-equiv="refresh" content="5; URL='/wall/akamai-interstitial?bm-verify=AAQAAAAN'" /><title>&nbsp;</title></head><body><script>function triggerInterstitialChallenge() {var xhr = new XMLHttpRequest(); xhr.open("POST", "/_sec/verify?provider=interstitial", false); xhr.send(JSON.stringify({"bm-verify": "AAQ", "pow": 7}));} triggerInterstitialChallenge();</script></body></html>`,
  },
  imperva: {
    status: 200,
    body: `<html><head><META NAME="robots" CONTENT="noindex,nofollow"><script src="/_Incapsula_Resource?SWJIYLWA=5074a744e2e3d891814e9a2dace20bd4,719d34d31c8e3a6e6fffd425f7e032f3"></script><body></body></html>`,
  },
  datadome: {
    status: 403,
    body: `<html lang="en"><head><title>shop.example</title></head><body><script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAA','hsh':'2211F5','t':'fe','s':17434,'e':'3b7','host':'geo.captcha-delivery.com'}</script><script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>`,
  },
};

/** Pages the same vendors let through: their sensor scripts in the markup, their cookies on the answer. */
const PROTECTED_PAGES: Record<string, { cookie: string; body: string }> = {
  kasada: { cookie: 'KP_UIDz=abc', body: `<title>Kettle</title><script src="/149e9513/2d206a39/p.js"></script><script>document.addEventListener("kpsdk-load",()=>window.KPSDK.configure([{domain:location.host,path:"/api/cart",method:"POST"}]));</script><span class="price">$19.99</span>` },
  akamai: { cookie: '_abck=0~-1~YAAQ; ak_bmsc=9F2A', body: `<title>Kettle</title><span class="price">$19.99</span><script type="text/javascript" src="/akam/13/5f3b7a1e" defer></script><noscript><img src="/akam/13/pixel_5f3b7a1e?a=dD02"></noscript>` },
  imperva: { cookie: 'incap_ses_1184_2520=Wk1E; visid_incap_2520=Qx9', body: `<html><head><meta name="robots" content="noindex,nofollow"><title>Kettle</title></head><body><span class="price">$19.99</span><script type="text/javascript" src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3"></script></body></html>` },
  datadome: { cookie: 'datadome=5mJ~Vw', body: `<title>Kettle</title><span class="price">$19.99</span><script>window.ddjskey='A1B2';window.ddoptions={}</script><script src="https://js.datadome.co/tags.js" async></script>` },
};

describe('bot-management challenge pages', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('vendor-walls');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    // /wall/<vendor>: the vendor's challenge on the first send, then the shop's page. Akamai's interstitial refreshes to
    // the page with its token, which without the proof its script posts gets the interstitial again.
    server.route('/wall/:vendor', (_req, res, ctx) => {
      const wall = WALLS[ctx.params.vendor!]!;
      const first = server.requestsTo(`/wall/${ctx.params.vendor}`).length === 1 || ctx.record.query.has('bm-verify');
      res.writeHead(first ? wall.status : 200, { 'content-type': 'text/html' });
      res.end(first ? wall.body : `<title>Product</title><span class="price">$19.99</span>`);
    });
    server.route('/protected/:vendor', (_req, res, ctx) => {
      const page = PROTECTED_PAGES[ctx.params.vendor!]!;
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': page.cookie.split('; ') });
      res.end(page.body);
    });
    const urls = [...Object.keys(WALLS).map((vendor) => server.url(`/wall/${vendor}`)), ...Object.keys(PROTECTED_PAGES).map((vendor) => server.url(`/protected/${vendor}`))];
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, quickRetrySettings(3));
  }, 30_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('reads each challenge as a block, whatever its status, and sends again for the page', () => {
    // Akamai's interstitial: the page, the refresh it asks for (the interstitial again), the page again with a fresh session.
    for (const vendor of Object.keys(WALLS)) expect(server.requestsTo(`/wall/${vendor}`), vendor).toHaveLength(vendor === 'akamai-interstitial' ? 3 : 2);
    expect(result.logs.filter((line) => line.msg === 'block page detected')).toHaveLength(Object.keys(WALLS).length);
  });

  it('reads a page the vendor let through, its script and cookies on it, as the page at the first send', () => {
    for (const vendor of Object.keys(PROTECTED_PAGES)) expect(server.requestsTo(`/protected/${vendor}`), vendor).toHaveLength(1);
    expect(result.items).toHaveLength(Object.keys(WALLS).length + Object.keys(PROTECTED_PAGES).length);
    expect(result.summary.ledger).toMatchObject({ failed: 0, pending: 0 });
  });
});
