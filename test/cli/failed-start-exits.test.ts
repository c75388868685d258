// A crawl that fails after it opened things ends: it prints its error and exits, however its start-up failed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childTracker, cli } from '../support/run-cli';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { tempStorageDir } from '../support/test-crawl';
import { teamProject } from '../support/team-project';

const LEFT_OPEN = 'something stayed open after the error';

describe('a crawl whose start-up fails after the frontier opened', { timeout: 60_000 }, () => {
  const { track, killAll } = childTracker();
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    killAll();
    await redis.stop();
  });

  it('closes the Redis frontier and the stores it opened and exits 1 (it printed the error and hung)', async () => {
    // Run records live in <storage>/frontier.sqlite even with a Redis frontier: a file there that is no
    // database fails the start after the Redis run was created.
    const storage = tempStorageDir('failed-start');
    writeFileSync(join(storage.dir, 'frontier.sqlite'), 'this is no SQLite file, and no run record can be written to it\n'.repeat(4));
    try {
      const run = await cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', 'startUrls=http://127.0.0.1:9/list', '--storage', storage.dir, '--frontier', redis.url, '-s', 'log.level=warn'], { onStart: track });
      expect(run.stderr).toContain('pricecrawl: file is not a database');
      expect(run.code).toBe(1);
      expect(run.stderr).not.toContain(LEFT_OPEN);
    } finally {
      storage.cleanup();
    }
  });
});

describe('a project component that leaves a timer running when the crawl fails', { timeout: 60_000 }, () => {
  const { track, killAll } = childTracker();
  afterAll(killAll);

  it('still ends the process, non-zero, saying something stayed open', async () => {
    const sink = `
export default class LeakySink {
  async open() {
    setInterval(() => undefined, 1_000); // never cleared: the team's bug, not the crawl's
    throw new Error('archive bucket unreachable');
  }
  async write() {}
}`;
    const spider = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  startUrls = ['http://127.0.0.1:9/'];
  async *parse() {}
}`;
    const config = { log: { format: 'json', level: 'warn' }, pipeline: { sinks: { archive: { module: './sinks/leaky.mjs' } } } };
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/shop.mjs': spider,
      'sinks/leaky.mjs': sink,
    });
    try {
      const run = await cli(['crawl', 'shop'], { cwd: project.root, onStart: track });
      expect(run.stderr).toContain('archive bucket unreachable');
      expect(run.stderr).toContain(LEFT_OPEN);
      expect(run.code).not.toBe(0);
      expect(run.code).not.toBeNull();
    } finally {
      project.cleanup();
    }
  });
});
