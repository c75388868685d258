// A crawl stopped (SIGSTOP: a GC pause, a suspended VM) inside a fenced PostgreSQL write, right after its claim was
// checked, for longer than its lease: the server ends the idle session, another machine takes the spider over, and
// the crawl, run again, writes into a session that is gone. It must stop resumable with the reason (exit 2,
// STORE_FENCED), never crash: postgres.js writes to the connection's socket it has already let go of
// (porsager/postgres#1155) and threw an uncaught TypeError from a timer (exit 1).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRunRecords } from '../../storage/open-backends';
import { connectPostgres } from '../../storage/postgres/pg-connection';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startReplyHolder } from '../support/pg-reply-holder';
import { stealSpiderLease } from '../support/steal-spider-lease';
import { tempStorageDir } from '../support/test-crawl';

let pg: PostgresServer;
let site: FixtureServer;

beforeAll(async () => {
  pg = await startPostgres();
  [site] = await startFixtureServers(1);
  site.route('/paused/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><a class="product" href="/paused/p1">P</a><a class="product" href="/paused/p2">P</a></body></html>'));
  for (const sku of ['p1', 'p2']) site.route(`/paused/${sku}`, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><main data-sku="${sku}"><span class="price">19.99</span></main></body></html>`));
}, 60_000);
afterAll(async () => {
  await closeFixtureServers([site]);
  await pg?.stop();
});

describe('a crawl stopped past its lease inside a fenced PostgreSQL write', () => {
  it('stops resumable, naming the lost claim, instead of crashing on the session the server ended', async () => {
    const storeUrl = await pg.createDatabase('fence_paused_crawl');
    // The crawl's store goes through the holder: the server's answer to the claim check waits there while the
    // crawl is stopped, so the crawl is stopped inside the write, between the check and its next statement.
    const holder = await startReplyHolder(pg.port, 'FOR SHARE OF schedule_locks');
    const admin = connectPostgres(storeUrl, { max: 1 });
    const storage = tempStorageDir('fence-paused-crawl');
    let crawl: ChildProcess | null = null;
    try {
      const config = join(storage.dir, 'pricecrawl.config.json');
      writeFileSync(config, JSON.stringify({
        storage: { url: storeUrl.replace(`:${pg.port}/`, `:${holder.port}/`), scheduleLeaseMs: 1000 },
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        robots: { obey: false },
        log: { format: 'json', level: 'info' },
      }));
      crawl = spawn(process.execPath, ['bin/pricecrawl.js', 'crawl', 'test/support/spiders/catalog-spider.ts', '--config', config, '--storage', storage.dir, '-a', `startUrls=${site.url('/paused/list')}`], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let output = '';
      for (const stream of [crawl.stdout!, crawl.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = once(crawl, 'exit');
      await holder.answered;
      process.kill(-crawl.pid!, 'SIGSTOP');
      holder.release(); // the answer waits in the stopped crawl's socket
      await holder.serverClosed; // the session idled past the lease: the server ended it, freeing the claim's row
      const stolen = await stealSpiderLease(admin, storeUrl, 'catalog', 'run-other-machine');
      await stolen.lock.close();
      expect(stolen.taken).toBe(true);
      process.kill(-crawl.pid!, 'SIGCONT');
      const [exitCode] = (await exited) as [number];

      expect(output).not.toMatch(/TypeError/);
      expect(exitCode).toBe(2);
      const stop = output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string; code?: string })
        .find((entry) => entry.msg === 'a store cannot write; stopping the crawl');
      expect(stop?.code).toBe('STORE_FENCED');
      const records = await openRunRecords({ url: storeUrl, dir: storage.dir });
      try {
        const [run] = await records.list('catalog');
        expect(run).toMatchObject({ outcome: 'interrupted', exitCode: 2 });
      } finally {
        await records.close();
      }
    } finally {
      const left = crawl as ChildProcess | null;
      if (left?.pid && left.exitCode === null && left.signalCode === null) {
        process.kill(-left.pid, 'SIGCONT');
        process.kill(-left.pid, 'SIGKILL'); // only after a failed wait
      }
      await admin.end();
      await holder.close();
      storage.cleanup();
    }
  }, 60_000);
});
