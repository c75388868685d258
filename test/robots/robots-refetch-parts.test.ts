// While an origin's file is read again past its 24 hours, a page's part there is held for the new file or refused, never let through unjudged.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HopTargetError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { robotsWorker, type RobotsWorker } from './robots-worker';

const DAY_MS = 86_400_000;
const T0 = 1_800_000_000_000;

let shop: FixtureServer;
let worker: RobotsWorker;
let now = T0;
/** The refetch's answer, held until the test sends it; `held` settles when the server has the request. */
let sendNew: (() => void) | null = null;
let held: Promise<void>;

const file = (res: ServerResponse, text: string) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(text);

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  let heard: () => void = () => undefined;
  held = new Promise((resolve) => (heard = resolve));
  shop.route('/robots.txt', (_req, res) => {
    if (shop.requestsTo('/robots.txt').length === 1) return file(res, 'User-agent: *\nDisallow: /old/\n');
    sendNew = () => file(res, 'User-agent: *\nDisallow: /new/\n');
    heard();
  });
  worker = robotsWorker(new MemoryRobotsCache(() => now), {});
});
afterAll(async () => {
  await worker.close();
  await shop.close();
});

/** What `checkRedirect` throws for a part of a shop page at `to` (null when it lets it go). */
const checkPart = (to: string) => worker.checkHop(new CrawlRequest({ url: shop.url('/p/1') }), to, now);

describe('a page part on an origin whose file is being read again', () => {
  it('starts the refetch when the file is due, is held for it while it runs, then is judged by the new file', async () => {
    expect(await worker.decide(shop.url('/p/1'), now)).toEqual({ type: 'continue' });
    now = T0 + DAY_MS + 1_000;
    // Due, nobody reading it yet: not "not known" (a part then went unjudged), and no guess from the old rules.
    // The part's check starts the refetch (an API origin may see no page of its own); the server holds the answer.
    expect(checkPart(shop.url('/p/2'))?.code).toBe('ROBOTS_REFETCHING');
    await held;
    // A page of the origin waits for it too.
    expect(await worker.ask(shop.url('/p/1'), now)).toMatchObject({ type: 'defer', reason: 'robots/wait' });
    const parts = ['/old/1', '/new/1', '/p/2'].map((path) => checkPart(shop.url(path)));
    for (const refusal of parts) {
      expect(refusal?.code).toBe('ROBOTS_REFETCHING');
      expect(refusal instanceof HopTargetError && refusal.whenKnown).toBeInstanceOf(Promise);
    }
    sendNew!();
    await (parts[0] as HopTargetError).whenKnown;
    expect(checkPart(shop.url('/old/1'))).toBeNull();
    expect(checkPart(shop.url('/new/1'))?.code).toBe('ROBOTS_DISALLOWED');
    expect(checkPart(shop.url('/p/2'))).toBeNull();
  });
});
