// Opens a browser context for the page pool: service workers and downloads off, the key's proxy and cookies, the pool's routes.
import type { Browser, BrowserContext } from 'playwright-core';
import type { ContextKey } from './context-set';
import type { PagePoolOptions } from './page-pool-options';
import { proxyOption } from './playwright-proxy';
import { rememberProxyCredentials } from './proxy-auth';

export async function openPoolContext(browser: Browser, key: ContextKey, options: Pick<PagePoolOptions, 'userAgent' | 'prepareContext'>): Promise<BrowserContext> {
  const { userAgent, prepareContext } = options;
  // Service workers blocked: one a page registers would answer every later navigation of its host in this
  // context from its own script, so the stored price and rawHash would be bytes the shop never sent.
  // Downloads refused: Playwright's default saved whatever a page's script downloaded (a clicked a[download])
  // to a temporary directory until the browser closed, as many and as large as the page liked.
  const proxy = key.proxyUrl ? proxyOption(key.proxyUrl) : undefined;
  const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false, ...(userAgent ? { userAgent } : {}), ...(proxy ? { proxy } : {}) });
  rememberProxyCredentials(context, proxy);
  // A context that cannot start with its routes or the session's cookies must not stay open without a holder.
  try {
    await prepareContext?.(context);
    if (key.cookies?.length) await context.addCookies([...key.cookies]);
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
  return context;
}
