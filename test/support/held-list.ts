// A listing page the test holds: the crawl that asked for it is surely mid-run until the test lets it answer.
import type { FixtureServer } from './fixture-server';

export interface HeldList {
  /** Resolves once a crawl asks for `/held-list`. */
  arrival: Promise<void>;
  /** Lets the held answers go: an empty listing. */
  release(): void;
}

/** Routes `/held-list` on `server`; each call of the function it returns holds the answers from then on until released. */
export function routeHeldList(server: FixtureServer): () => HeldList {
  const hold = { arrived: () => undefined as void, answer: Promise.resolve() };
  server.route('/held-list', async (_req, res) => {
    hold.arrived();
    await hold.answer;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><ul></ul></body></html>');
  });
  return () => {
    let release = () => undefined as void;
    hold.answer = new Promise<void>((resolve) => (release = resolve));
    const arrival = new Promise<void>((resolve) => (hold.arrived = resolve));
    return { arrival, release: () => release() };
  };
}
