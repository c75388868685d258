// A request's first send claims its lease's host without parsing its URL again; only a try going on from a hop to another host looks.
import { afterEach, describe, expect, it } from 'vitest';
import { RequestSlots } from '../../src/engine/request-slots';
import { hostKeyOf } from '../../src/politeness/host-key';
import { expectLease, openFrontier, req, tempDir } from '../frontier/frontier-fixture';

const deadline = { signal: new AbortController().signal, remainingMs: () => 30_000 };

describe('the first send of a leased request', () => {
  const temp = tempDir();
  afterEach(() => temp.cleanup());

  it('parses a URL only when the try goes on from a hop an earlier try gave back', async () => {
    const { frontier, clock } = openFrontier(temp.dir, { maxConcurrency: 2 });
    try {
      await frontier.add([req('http://shop.test/p/1'), req('http://shop.test/p/2')]);
      const parsed: string[] = [];
      const keyOf = (url: string) => (parsed.push(url), hostKeyOf(url, 'host'));
      const plain = expectLease(frontier.next(clock.nowMs()));
      // Before: every send parsed the request's URL to learn the host its lease already names.
      await new RequestSlots(plain, frontier, keyOf, () => undefined).beforeSend(deadline);
      expect(parsed).toEqual([]);
      const resumed = expectLease(frontier.next(clock.nowMs()));
      resumed.request.resumeAt = { url: 'http://shop.test/p/2-moved', method: 'GET', chain: ['http://shop.test/p/2'], visited: [] };
      await new RequestSlots(resumed, frontier, keyOf, () => undefined).beforeSend(deadline);
      expect(parsed).toEqual(['http://shop.test/p/2-moved']);
    } finally {
      frontier.close();
    }
  });
});
