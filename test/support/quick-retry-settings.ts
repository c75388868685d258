// Crawl settings for a test that counts sends per page: no politeness wait, retries at once, a breaker that never opens, robots.txt off.
export function quickRetrySettings(maxAttempts: number): Record<string, unknown> {
  return {
    politeness: { minIntervalMs: 0, jitterMs: 0 },
    retry: { maxAttempts, backoffBaseMs: 1, backoffCapMs: 5 },
    // Every send reaches the page: the breaker would park a page's last send, which the test counts.
    breaker: { threshold: 100 },
    log: { statsIntervalMs: 0 },
    robots: { obey: false },
  };
}
