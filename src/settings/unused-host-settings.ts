// Per-host settings whose host the run never crawled: a misspelt host key leaves the real host at the defaults without a word.
import { closestName } from '../core/closest-name';
import { hostKeySpelling } from '../politeness/host-key';
import type { Settings } from './schema';

export interface UnusedHostSetting {
  /** The setting's dotted path up to the host (`politeness.hosts`). */
  setting: string;
  /** The host key as the settings spell it. */
  host: string;
  /** A host this run crawled that has no entry of its own in that setting and is a plausible typo away. */
  suggestion: string | null;
}

/** Every setting keyed by host, by dotted path: each key the loader respelled as the crawl spells host keys. */
function hostKeyedSettings(settings: Settings): Array<[path: string, hosts: readonly string[]]> {
  return [
    ['politeness.hosts', Object.keys(settings.politeness.hosts)],
    ['metaRefresh.hosts', Object.keys(settings.metaRefresh.hosts)],
    ['blockDetection.hosts', Object.keys(settings.blockDetection.hosts)],
    ['softNotFound.hosts', Object.keys(settings.softNotFound.hosts)],
    ['throttle.adaptive.hosts', settings.throttle.adaptive.hosts],
  ];
}

/** The host keys the spider's own settings give at `path`, respelled as the loader does. */
function spiderHosts(spiderSettings: unknown, path: string): Set<string> {
  let node: unknown = spiderSettings;
  for (const key of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  const written = Array.isArray(node) ? node.map(String) : typeof node === 'object' && node !== null ? Object.keys(node) : [];
  return new Set(written.map(hostKeySpelling).filter((key): key is string => key !== null));
}

/**
 * Per-host entries whose host this run planned no request for. One is reported when a crawled host with no
 * entry of its own is a typo away (`shop.exmaple.com` beside `shop.example.com`: the override never applied,
 * so the real host ran at the default politeness or fetch mode), or when the spider's own settings gave it
 * (meant for this spider's hosts). The project file's other entries are silent: one file serves every
 * spider, and the hosts of the others are not this run's.
 */
export function unusedHostSettings(settings: Settings, spiderSettings: unknown, crawledHosts: readonly string[]): UnusedHostSetting[] {
  const crawled = new Set(crawledHosts);
  const unused: UnusedHostSetting[] = [];
  for (const [setting, hosts] of hostKeyedSettings(settings)) {
    const configured = new Set(hosts);
    const fromSpider = spiderHosts(spiderSettings, setting);
    const uncovered = crawledHosts.filter((host) => !configured.has(host));
    for (const host of hosts) {
      if (crawled.has(host)) continue;
      const suggestion = closestName(host, uncovered);
      if (suggestion !== null || fromSpider.has(host)) unused.push({ setting, host, suggestion });
    }
  }
  return unused;
}

/** `politeness.hosts["shop.exmaple.com"] applied to no host this run crawled; did you mean "shop.example.com"?` */
export function unusedHostSettingLine(entry: UnusedHostSetting): string {
  const hint = entry.suggestion === null ? '' : `; did you mean "${entry.suggestion}"?`;
  return `${entry.setting}["${entry.host}"] applied to no host this run crawled${hint}`;
}
