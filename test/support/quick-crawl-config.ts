// A storage dir with a config for a fast crawl of loopback fixture pages: no interval, no robots.txt, warnings as JSON.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempStorageDir } from './test-crawl';

/** The dir (removed by `cleanups`) and its config's path; `storeUrl` puts the items elsewhere (PostgreSQL). */
export function quickCrawlDir(label: string, storeUrl: string | null, cleanups: Array<() => unknown>): { dir: string; config: string } {
  const storage = tempStorageDir(label);
  cleanups.push(() => storage.cleanup());
  const config = join(storage.dir, 'pricecrawl.config.json');
  writeFileSync(config, JSON.stringify({
    ...(storeUrl === null ? {} : { storage: { url: storeUrl } }),
    politeness: { minIntervalMs: 0, jitterMs: 0 },
    robots: { obey: false },
    log: { format: 'json', level: 'warn' },
  }));
  return { dir: storage.dir, config };
}
