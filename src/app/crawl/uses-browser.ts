// Whether a crawl needs Chromium at all: checked at start, so a missing browser is named before any page.
import type { Spider } from '../../core/spider';
import type { LoadedSettings } from '../../settings/load-settings';

/** Whether any page of this crawl is fetched in Chromium (the spider, the settings or a host's fetchMode). */
export function usesBrowser(settings: LoadedSettings['settings'], spider: Spider): boolean {
  return settings.fetchMode === 'browser' || spider.fetchMode === 'browser' || Object.values(settings.politeness.hosts).some((host) => host.fetchMode === 'browser');
}
