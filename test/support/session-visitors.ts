// Session test helpers: a product route that hands each new visitor a numbered `sid` cookie, and a run's fetch log rows.
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { SqliteFetchLog } from '../../storage/sqlite/sqlite-fetch-log';
import type { FixtureServer, RouteContext } from './fixture-server';

/** Routes `/p/:n`; returns the sids in the order they were handed out (s1, s2, …). `served` runs after each answer. */
export function sidHandingProducts(server: FixtureServer, served?: (ctx: RouteContext) => void): string[] {
  const handedOut: string[] = [];
  server.route('/p/:n', (req, res, ctx) => {
    const headers: Record<string, string> = { 'content-type': 'text/html' };
    if (!/sid=/.test(req.headers.cookie ?? '')) {
      handedOut.push(`s${handedOut.length + 1}`);
      headers['set-cookie'] = `sid=${handedOut.at(-1)}; Path=/`;
    }
    res.writeHead(200, headers);
    res.end(`<title>Product ${ctx.params.n}</title>`);
    served?.(ctx);
  });
  return handedOut;
}

export async function fetchLogRows(dir: string, runId: string): Promise<FetchLogRow[]> {
  const log = SqliteFetchLog.open(dir);
  try {
    return await log.rows(runId);
  } finally {
    await log.close();
  }
}
