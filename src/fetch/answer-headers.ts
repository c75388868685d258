// Header maps as the HTTP fetcher reads and sends them: lower-cased names, repeats joined where that is safe.
import type { Dispatcher } from 'undici';

export type AnswerHeaders = Record<string, string | string[]>;

export function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

/** Lower-cased names; repeats joined with ", " except set-cookie, which cannot be joined safely. */
export function normalizeHeaders(raw: Dispatcher.ResponseData['headers']): AnswerHeaders {
  const headers: AnswerHeaders = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    if (key === 'set-cookie') headers[key] = Array.isArray(value) ? value : [value];
    else headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export function headerValue(headers: Readonly<AnswerHeaders>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
