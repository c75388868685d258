// Answers a proxy's credential challenge on a page whose own DevTools session intercepts its requests.
import type { BrowserContext } from 'playwright-core';
import type { DevToolsSession } from './frame-sessions';

export interface ProxyCredentials {
  username: string;
  password: string;
}

/** The credentials each context was opened with for its proxy; held by the context's life only. */
const credentialsOf = new WeakMap<BrowserContext, ProxyCredentials>();

/** Records the proxy credentials `context` was opened with (page-pool.ts, where contexts are made). */
export function rememberProxyCredentials(context: BrowserContext, proxy: { username?: string; password?: string } | undefined): void {
  if (proxy?.username !== undefined) credentialsOf.set(context, { username: proxy.username, password: proxy.password ?? '' });
}

/** The credentials of the proxy `context` goes through, or null when it has none. */
export function proxyCredentialsOf(context: BrowserContext): ProxyCredentials | null {
  return credentialsOf.get(context) ?? null;
}

/** How many requests' answers a page's session remembers. */
const ANSWERED_KEPT = 256;

interface AuthRequired {
  requestId: string;
  authChallenge: { source?: 'Server' | 'Proxy' };
}

/**
 * Chromium 150 gives a credential challenge to the DevTools session that intercepts the request, and a
 * session intercepting only responses (redirect-hops.ts) makes it no challenge at all: the proxy's 407 ended
 * every page through a proxy with a password as net::ERR_INVALID_AUTH_CREDENTIALS, Playwright's own answer
 * never asked. That session therefore also pauses requests and answers here, as Playwright does: a proxy's
 * challenge gets the context's credentials once per request (a second one is a refusal, cancelled, so the
 * page fails as the proxy's), a server's is cancelled (the 401 page is the answer, as without a session).
 */
export function answerProxyChallenges(session: DevToolsSession, credentials: ProxyCredentials): void {
  // Requests given the credentials: a pooled page serves many, so only the latest are kept (a refusal comes at once).
  const answered = new Set<string>();
  session.on('Fetch.authRequired', (event: AuthRequired) => {
    const give = event.authChallenge.source === 'Proxy' && !answered.has(event.requestId);
    answered.add(event.requestId);
    if (answered.size > ANSWERED_KEPT) answered.delete(answered.values().next().value!);
    const authChallengeResponse = give ? { response: 'ProvideCredentials' as const, ...credentials } : { response: 'CancelAuth' as const };
    void session.send('Fetch.continueWithAuth', { requestId: event.requestId, authChallengeResponse }).catch(() => undefined);
  });
}
