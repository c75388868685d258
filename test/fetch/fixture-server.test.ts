// The fixture server itself: records, route patterns, in-flight peak, waiting, clean close with hung sockets.
import { request as httpRequest, Agent } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FixtureServer, closeFixtureServers, startFixtureServers } from '../support/fixture-server';

function get(url: string, agent?: Agent): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('FixtureServer', () => {
  it('listens on a loopback port and records each request', async () => {
    const server = await FixtureServer.start();
    try {
      expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
      expect(server.hostKey).toBe(`127.0.0.1:${server.port}`);
      server.route('/product/:sku', (_req, res, { params }) => void res.end(`sku ${params.sku}`));
      const before = Date.now();
      const res = await get(server.url('/product/A%2F1?x=1'));
      expect(res.body).toBe('sku A/1');
      const [record] = server.requests;
      expect(record).toMatchObject({ seq: 0, method: 'GET', path: '/product/A%2F1', url: '/product/A%2F1?x=1', socketId: 0 });
      expect(record!.query.get('x')).toBe('1');
      expect(record!.arrivedAtEpochMs).toBeGreaterThanOrEqual(before);
      await record!.closed;
      expect(record!.outcome).toBe('finished');
      expect((await get(server.url('/nothing-here'))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('test routes override built-ins', async () => {
    const server = await FixtureServer.start();
    try {
      server.route('/malformed', (_req, res) => void res.end('mine'));
      expect((await get(server.url('/malformed'))).body).toBe('mine');
    } finally {
      await server.close();
    }
  });

  it('counts in-flight requests, the peak, and distinct sockets', async () => {
    const server = await FixtureServer.start();
    const agent = new Agent({ keepAlive: true, maxSockets: 3 });
    try {
      const gate: Array<() => void> = [];
      let allHeld!: () => void;
      const held = new Promise<void>((resolve) => (allHeld = resolve));
      server.route('/held', (_req, res) => {
        if (gate.push(() => res.end('done')) === 3) allHeld();
      });
      const pending = Array.from({ length: 3 }, () => get(server.url('/held'), agent));
      await held;
      expect(server.inFlight).toBe(3);
      gate.forEach((release) => release());
      await Promise.all(pending);
      expect(server.peakInFlight).toBe(3);
      expect(server.socketCount).toBe(3);
      server.reset();
      for (let i = 0; i < 3; i++) await get(server.url('/status/204'), agent);
      expect(server.requests).toHaveLength(3);
      expect(server.socketCount).toBeLessThanOrEqual(3);
      expect(server.peakInFlight).toBe(1);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('/status/:code sends Retry-After when asked', async () => {
    const server = await FixtureServer.start();
    try {
      const res = await get(server.url('/status/429?retry-after=7'));
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('7');
    } finally {
      await server.close();
    }
  });

  it('close() returns while /hang and /slow hold sockets open, and marks them aborted', async () => {
    const server = await FixtureServer.start();
    const hang = get(server.url('/hang')).catch((error: NodeJS.ErrnoException) => error.code);
    const slow = get(server.url('/slow?ms=60000')).catch((error: NodeJS.ErrnoException) => error.code);
    await server.waitForRequests(2);
    await server.close();
    expect(await hang).toBe('ECONNRESET');
    expect(await slow).toBe('ECONNRESET');
    expect(server.requests.map((r) => r.outcome)).toEqual(['aborted', 'aborted']);
  });

  it('startFixtureServers gives N hosts on distinct ports', async () => {
    const servers = await startFixtureServers(3);
    try {
      expect(new Set(servers.map((s) => s.hostKey)).size).toBe(3);
      await Promise.all(servers.map((s) => get(s.url('/echo'))));
      expect(servers.map((s) => s.requests.length)).toEqual([1, 1, 1]);
    } finally {
      await closeFixtureServers(servers);
    }
  });
});
