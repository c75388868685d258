// Shared bits of the fetch tests: settings with overrides, and "this must fail with a FetchError".
import { expect } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { CrawlRequest, type CrawlRequestInit } from '../../src/core/request';
import type { HttpSettings } from '../../src/fetch/http-fetcher';
import { settingsSchema } from '../../src/settings/schema';

export function httpSettings(overrides: Partial<HttpSettings> = {}): HttpSettings {
  return settingsSchema.parse({ http: overrides }).http;
}

export function req(url: string, init: Omit<CrawlRequestInit, 'url'> = {}): CrawlRequest {
  return new CrawlRequest({ ...init, url });
}

/** Awaits a promise that must reject with a FetchError, and returns it for assertions on `code`. */
export async function fetchError(promise: Promise<unknown>): Promise<FetchError> {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error('expected the fetch to fail, it resolved');
  expect(outcome.error).toBeInstanceOf(FetchError);
  return outcome.error as FetchError;
}
