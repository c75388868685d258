// A context's proxy URL as Playwright takes it: the server apart from its credentials.

/** Playwright wants credentials apart from the server address. */
export function proxyOption(proxyUrl: string): { server: string; username?: string; password?: string } {
  const url = new URL(proxyUrl);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return { server: url.origin, ...(username ? { username } : {}), ...(password ? { password } : {}) };
}
