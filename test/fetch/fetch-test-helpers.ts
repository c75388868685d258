// Shared bits of the fetch tests: settings with overrides, and "this must fail with a FetchError".
import diagnosticsChannel from 'node:diagnostics_channel';
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

/** Resolves when undici has parsed the head of an answer to `path` (bytes written with it were read too). */
export function headersParsed(path: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (message: unknown): void => {
      if ((message as { request: { path: string } }).request.path !== path) return;
      diagnosticsChannel.unsubscribe('undici:request:headers', listener);
      resolve();
    };
    diagnosticsChannel.subscribe('undici:request:headers', listener);
  });
}
