// Item drop reasons that say the answer was not the page its request asked for, so the request fails with them, not only the item.

/**
 * A pipeline stage that drops an item under a reason in `page/` (`page/shared-body`: a cache answering one
 * URL's bytes for another) says the page is at fault, not the item: what the page holds is another page's.
 * The request then fails with that reason once its callback is done, is fetched again while its attempts
 * last (the next answer may be its own), and the last try's failure is transient (failure-kind.ts): the run
 * did not get the page and must not end looking clean. Any other drop reason concerns the item alone.
 */
export const PAGE_FAULT_PREFIX = 'page/';

export function isPageFault(reason: string): boolean {
  return reason.startsWith(PAGE_FAULT_PREFIX);
}
