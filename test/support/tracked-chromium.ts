// Browser tests that drive PagePool themselves: every Chromium they launch, so afterAll can close them all.
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../src/fetch/chromium-launch';

export interface TrackedChromium {
  /** PagePool's `launch`: Debian's Chromium, remembered. */
  launch(): Promise<Browser>;
  launched: Browser[];
  closeAll(): Promise<void>;
}

export function trackedChromium(): TrackedChromium {
  const launched: Browser[] = [];
  return {
    launched,
    launch: async () => {
      const browser = await launchChromium('/usr/bin/chromium');
      launched.push(browser);
      return browser;
    },
    closeAll: async () => void (await Promise.all(launched.map((b) => b.close().catch(() => undefined)))),
  };
}
