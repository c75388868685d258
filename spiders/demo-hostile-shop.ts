// Spider for the hostile demo host: the JSON-LD shop's spider with the settings a defended retail site needs.
import type { SettingsOverrides } from 'pricecrawl';
import { DemoJsonLdShopSpider } from './demo-jsonld-shop';

/**
 * Starts too fast on purpose (20 ms apart, 4 in flight, under the host's 100 ms limit) and lets the
 * adaptive throttle find the pace. Only 429 and block pages count as "too fast": the host's 503 burst is
 * an outage, handled by Retry-After and the breaker, and says nothing about the pace. Slow bodies (over
 * `targetLatencyMs`) slow it too, up to 400 ms. The attempt budget is the default: Retry-After waits and
 * the breaker's parking count none, so the burst and the storm use up no request. A short breaker cooldown
 * and backoff keep the demo quick.
 */
export const HOSTILE_SPIDER_SETTINGS = {
  politeness: { minIntervalMs: 20, jitterMs: 0, maxConcurrencyPerHost: 4 },
  throttle: { adaptive: { enabled: true, statuses: [429], targetLatencyMs: 1_000, maxIntervalMs: 400, decreaseStepMs: 20, successesPerDecrease: 3 } },
  retry: { backoffBaseMs: 100, backoffCapMs: 1_000 },
  breaker: { cooldownMs: 500, maxCooldownMs: 2_000 },
} satisfies SettingsOverrides;

export class DemoHostileShopSpider extends DemoJsonLdShopSpider {
  override readonly name: string = 'demo-hostile';
  override settings = HOSTILE_SPIDER_SETTINGS;
}
