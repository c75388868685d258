// The default downloader middleware order. Requests pass top to bottom, responses and errors bottom to top.
import { SettingsError } from '../src/core/errors';
import type { DownloaderMiddleware } from '../src/downloader/middleware';
import type { Settings } from '../src/settings/schema';
import { HttpErrorsMiddleware } from './http-errors';
import { OffsiteMiddleware } from './offsite';
import { RawCaptureMiddleware } from './raw-capture';

type MiddlewareFactory = (settings: Settings) => DownloaderMiddleware;

/**
 * Why this order:
 * - http-errors first: it sees responses last, after every middleware that can still rescue a
 *   non-2xx response (retry, breaker, block detection) has had its turn.
 * - offsite early: a request we must not send costs no robots.txt lookup and no slot.
 * Resilience middlewares (robots, breaker, sessions, retry, block detection) slot in below offsite.
 * - raw-capture last, next to the fetcher: it stores every body and logs every fetch (errors
 *   included) before any middleware or the spider can fail or drop the response.
 */
export const DEFAULT_MIDDLEWARES: ReadonlyArray<readonly [string, MiddlewareFactory]> = [
  ['http-errors', () => new HttpErrorsMiddleware()],
  ['offsite', () => new OffsiteMiddleware()],
  ['raw-capture', () => new RawCaptureMiddleware()],
];

export function defaultMiddlewares(settings: Settings): DownloaderMiddleware[] {
  const known = new Set(DEFAULT_MIDDLEWARES.map(([name]) => name));
  for (const name of settings.middlewares.disabled) {
    if (!known.has(name)) throw new SettingsError(`middlewares.disabled: unknown middleware "${name}" (known: ${[...known].join(', ')})`);
  }
  return DEFAULT_MIDDLEWARES.filter(([name]) => !settings.middlewares.disabled.includes(name)).map(([, make]) => make(settings));
}
