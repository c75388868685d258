// The rig of a test that runs several crawl processes on one run: a real redis-server, a listing shop for the
// catalog spider (the test routes its products), a storage folder, the processes tracked so a failed test
// kills them all, and the command line they share. One rig per describe: start it in beforeAll, close it in afterAll.
import type { FixtureServer } from './fixture-server';
import { startListingShop } from './listing-shop';
import { startRedisServer, type RedisTestServer } from './redis-server';
import { childTracker, cli, type CliOptions, type CliRun } from './run-cli';
import { tempStorageDir } from './test-crawl';

/** Where the processes find the run: `--frontier` on the command line, the environment (only `--run` given), or each its own embedded frontier. */
export type FrontierGiven = 'flag' | 'env' | 'embedded';

export interface ArgsOptions {
  frontier?: FrontierGiven;
  /** The spider's start URLs, comma-separated; the shop's listing by default. */
  startUrls?: string;
  /** After the settings (`--resume`, …). */
  extra?: string[];
}

export interface WorkerRig {
  readonly redis: RedisTestServer;
  readonly shop: FixtureServer;
  readonly storageDir: string;
  /**
   * `command` on the rig's run: the catalog spider, the rig's storage and frontier, quick polls and group
   * commits, quiet JSON logs, then each of `settings` as an `-s` pair (a later pair overrides an earlier one).
   */
  args(command: 'crawl' | 'worker', settings?: Record<string, string | number | boolean>, options?: ArgsOptions): string[];
  /** Runs the CLI as `cli` does, the process tracked for `close`. */
  run(args: string[], options?: CliOptions): Promise<CliRun>;
  /** Kills what still runs, then stops the shop and the server and removes the storage. */
  close(): Promise<void>;
}

const BASE_SETTINGS = { 'frontier.pollMs': 20, 'pipeline.batchMaxAgeMs': 20, 'log.format': 'json', 'log.level': 'warn', 'log.statsIntervalMs': 0 };

export async function startWorkerRig(label: string, options: { runId: string; products: number; redisPassword?: string }): Promise<WorkerRig> {
  const { track, killAll } = childTracker();
  const storage = tempStorageDir(label);
  const redis = await startRedisServer(options.redisPassword === undefined ? {} : { password: options.redisPassword });
  const shop = await startListingShop(options.products);
  return {
    redis,
    shop,
    storageDir: storage.dir,
    args(command, settings = {}, { frontier = 'flag', startUrls = shop.url('/list'), extra = [] } = {}) {
      const where = { flag: ['--frontier', redis.url, '--run', options.runId], env: ['--run', options.runId], embedded: [] }[frontier];
      const pairs = Object.entries({ ...BASE_SETTINGS, ...settings }).flatMap(([key, value]) => ['-s', `${key}=${value}`]);
      return [command, 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${startUrls}`, '--storage', storage.dir, ...where, ...pairs, ...extra];
    },
    run: (args, runOptions = {}) => cli(args, { ...runOptions, onStart: (child) => (track(child), runOptions.onStart?.(child)) }),
    async close() {
      killAll();
      await shop.close();
      await redis.stop();
      storage.cleanup();
    },
  };
}
