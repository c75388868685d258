// The JSON a browser page fetched, captured as it arrived, and the response a request's `waitFor.response` waits for.
import type { Response as PwResponse } from 'playwright-core';
import { urlMatches, type BrowserRequestOptions, type CapturedResponse } from '../core/browser-options';

/** Starts listening before navigation, so a response that arrives before `goto` resolves is not missed. */
export function captureResponses(options: BrowserRequestOptions, on: (event: 'response', listener: (response: PwResponse) => void) => void): { awaitResponse: Promise<void> | null; collect(): Promise<CapturedResponse[]> } {
  const patterns = options.capture ?? [];
  const waitPattern = options.waitFor?.response;
  const reads: Array<Promise<CapturedResponse | null>> = [];
  let signalWaited: (() => void) | null = null;
  const awaitResponse = waitPattern ? new Promise<void>((resolve) => (signalWaited = resolve)) : null;
  on('response', (response) => {
    const url = response.url();
    const type = response.request().resourceType();
    if ((type === 'xhr' || type === 'fetch') && patterns.some((pattern) => urlMatches(url, pattern))) {
      const read = readCaptured(response);
      reads.push(read);
      if (waitPattern && urlMatches(url, waitPattern)) void read.then(() => signalWaited?.());
    } else if (waitPattern && urlMatches(url, waitPattern)) {
      signalWaited?.();
    }
  });
  return {
    awaitResponse,
    collect: async () => (await Promise.all(reads)).filter((c): c is CapturedResponse => c !== null),
  };
}

async function readCaptured(response: PwResponse): Promise<CapturedResponse | null> {
  try {
    const body = await response.body();
    const headers = await response.allHeaders();
    return { url: response.url(), status: response.status(), contentType: headers['content-type'] ?? '', text: body.toString('utf8') };
  } catch {
    return null; // the page navigated away or closed before the body was read
  }
}
