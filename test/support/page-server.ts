// A loopback site serving named test pages at /w/<name>, for browser tests that load a handful of hostile pages.
import { FixtureServer } from './fixture-server';

/** Each page's HTML under `/w/<name>` (UTF-8); add further routes on the returned server. */
export async function pageServer(pages: Record<string, string>): Promise<FixtureServer> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/w/:name', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[params.name]));
  return server;
}
