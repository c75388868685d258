// A hop the fetcher does not send itself (a refresh, a redirect handed to the browser) waits for its target host's slot here.
import { FetchDeadline } from './fetch-deadline';
import type { FetchOptions } from './fetcher';

/** The target host's slot, waited for within a fetch's whole time as a 3xx hop waits within its fetch's. */
export async function waitForSlot(toUrl: string, timeoutMs: number, options: FetchOptions): Promise<void> {
  if (!options.beforeHop) return;
  const deadline = new FetchDeadline(timeoutMs, options.signal);
  try {
    await options.beforeHop(toUrl, deadline);
  } catch (error) {
    throw deadline.explain(error, toUrl);
  } finally {
    deadline.dispose();
  }
}
