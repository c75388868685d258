// Tells the icons Chromium fetches for a tab (a page's `<link rel=icon>`) from the page's own parts.

/**
 * Once a page loaded, Chromium's browser process fetches the icons its `<link rel=icon>` elements name, for the tab:
 * no part of the page, and never needed to read a price. Playwright aborts only a URL ending in `/favicon.ico`;
 * any other went to the shop (or a CDN under `offsiteSubresources: allow`) after every load, `blockResourceTypes:
 * image` notwithstanding, as DevTools types it "other" (measured with Chromium 150). Chromium asks for it as for an
 * image, with Blink's image Accept list, which none of the page's own requests typed "other" carries.
 */
export function isTabIcon(resourceType: string, headers: Record<string, string>): boolean {
  return resourceType === 'other' && (headers.accept ?? '').startsWith('image/');
}

/** Counted as each is refused, under every setting. */
export const TAB_ICON_BLOCKED = 'browser/tab-icon-blocked';
