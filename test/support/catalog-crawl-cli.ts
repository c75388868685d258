// The catalog spider crawled through the real CLI on a storage dir, for tests that stop, break and resume runs.
import type { ChildProcess } from 'node:child_process';
import { cli, type CliRun } from './run-cli';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts';

export interface CatalogCrawlOptions {
  /** The site's start URLs (read when a crawl starts: the site may start after this is made). */
  startUrls: () => string[];
  dir: string;
  /** politeness.minIntervalMs: short, so runs are quick, but long enough to stop one part-way. */
  intervalMs: number;
  /** Receives every child (a test's tracker kills what a failed test left running). */
  track: (child: ChildProcess) => void;
}

/** `crawl(extra, onStart, env)`: one crawl with JSON logs and items durable within 10 ms; `onStart` gets the child. */
export function catalogCrawler(options: CatalogCrawlOptions): (extra?: string[], onStart?: (child: ChildProcess) => void, env?: NodeJS.ProcessEnv) => Promise<CliRun> {
  return (extra = [], onStart, env) =>
    cli(['crawl', SPIDER_FILE, '-a', `startUrls=${options.startUrls().join(',')}`, '--storage', options.dir, '-s', `politeness.minIntervalMs=${options.intervalMs}`, '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=10', '-s', 'log.format=json', ...extra], {
      onStart: (child) => {
        options.track(child);
        onStart?.(child);
      },
      env,
    });
}
