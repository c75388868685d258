// A loopback forwarder to redis-server that can hold a pick's lease reply on its way back to the worker, so a test can put a change in force between the pick and the worker seeing its lease.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** How a lease starts in the pick script's reply (`{'lease', id, ...}`), as RESP writes it. */
const LEASE_REPLY = Buffer.from('$5\r\nlease\r\n');

export interface LeaseReplyHolder {
  /** Where the worker connects (`redis://127.0.0.1:<port>`). */
  url: string;
  /**
   * The next reply handing out a lease is held, with everything its connection answers after it, until the
   * worker sends `releaseOn` on that connection as one argument of a command (the worker has acted on what
   * it learned meanwhile: the pick was answered by Redis before that command reached it). Resolves once held.
   */
  holdNextLease(releaseOn: string): Promise<void>;
  /** Resolves once the held replies went on to the worker. */
  released(): Promise<void>;
  close(): Promise<void>;
}

/** The RESP bulk string of one command argument. */
function bulk(argument: string): Buffer {
  return Buffer.from(`$${Buffer.byteLength(argument)}\r\n${argument}\r\n`);
}

export async function startLeaseReplyHolder(redisPort: number): Promise<LeaseReplyHolder> {
  const sockets = new Set<Socket>();
  let armed: { releaseOn: Buffer; held: () => void } | null = null;
  let releasedResolve: () => void = () => {};
  const releasedPromise = new Promise<void>((resolve) => (releasedResolve = resolve));
  const server = createServer((client) => {
    const upstream = connect(redisPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let holding: { releaseOn: Buffer; chunks: Buffer[] } | null = null;
    // The tail of the last chunk each way: a marker split across two reads is still seen.
    let replyTail = Buffer.alloc(0);
    let commandTail = Buffer.alloc(0);
    upstream.on('data', (chunk: Buffer) => {
      const seen = Buffer.concat([replyTail, chunk]);
      replyTail = seen.subarray(Math.max(0, seen.length - LEASE_REPLY.length));
      if (!holding && armed && seen.includes(LEASE_REPLY)) {
        holding = { releaseOn: armed.releaseOn, chunks: [] };
        armed.held();
        armed = null;
      }
      if (holding) holding.chunks.push(chunk);
      else client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (!holding) return;
      const seen = Buffer.concat([commandTail, chunk]);
      commandTail = seen.subarray(Math.max(0, seen.length - holding.releaseOn.length));
      if (!seen.includes(holding.releaseOn)) return;
      // The command went on to Redis above, ahead of this release: it is on its way before the worker sees the lease.
      for (const part of holding.chunks) client.write(part);
      holding = null;
      releasedResolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    holdNextLease: (releaseOn) => new Promise<void>((held) => (armed = { releaseOn: bulk(releaseOn), held })),
    released: () => releasedPromise,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
