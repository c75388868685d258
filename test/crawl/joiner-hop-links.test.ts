// A joining process's hop links keep what the first process sent before the joiner's crawl listened, and hand it over once its set-up is done.
import { describe, expect, it } from 'vitest';
import { joinerHopLinks } from '../../src/app/crawl/crawl-processes';
import type { HopWire } from '../../src/app/crawl/hop-channel';

const robotsAsk: HopWire = { type: 'pricecrawl/hop', op: 'robots', from: 0, to: 1, ask: 1, robots: { op: 'get', origin: 'http://shop.test' } };

describe('joinerHopLinks', () => {
  it('hands over a message that came before the crawl listened, after the set-up that follows listen', async () => {
    const links = joinerHopLinks({ slot: 1, slots: 2 });
    // The first process asks while the joiner still opens its stores (the IPC channel delivers it as a 'message').
    process.emit('message', robotsAsk, undefined);
    const heard: HopWire[] = [];
    let servedWhenHeard = false;
    let served = false;
    links.listen(
      (message) => {
        heard.push(message);
        servedWhenHeard = served;
      },
      () => undefined,
    );
    // The set-up right after listen (HopChannel's serve calls) runs in the same turn.
    served = true;
    await new Promise((resolve) => setImmediate(resolve));
    links.close();
    // Before: dropped, and the asker's look-up never settled.
    expect(heard).toEqual([robotsAsk]);
    expect(servedWhenHeard).toBe(true);
  });

  it('passes later messages on as they come, and none after close', async () => {
    const links = joinerHopLinks({ slot: 1, slots: 2 });
    const heard: HopWire[] = [];
    links.listen((message) => heard.push(message), () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    process.emit('message', robotsAsk, undefined);
    links.close();
    process.emit('message', { ...robotsAsk, ask: 2 }, undefined);
    expect(heard).toEqual([robotsAsk]);
  });
});
