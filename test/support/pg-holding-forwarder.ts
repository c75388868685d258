// A loopback forwarder to a PostgreSQL server that can hold one logged-in connection's next message, so a test can cut the backend under a statement.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** PostgreSQL's ReadyForQuery message type: the login's last message, so it ends the chunk that holds it. */
const READY_FOR_QUERY = 0x5a;

export interface HoldingForwarder {
  port: number;
  /**
   * The next message a logged-in connection sends is held, with all that connection sends after it, and
   * `onHeld` runs instead (a test terminates the backend, which then waits idle with the statement unsent).
   */
  holdNext(onHeld: () => void): void;
  /** Settles once this many connections have been made through the forwarder. */
  connections(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startHoldingForwarder(targetPort: number): Promise<HoldingForwarder> {
  const sockets = new Set<Socket>();
  let made = 0;
  let waiting: { count: number; resolve: () => void } | null = null;
  let hold: (() => void) | null = null;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    made++;
    if (waiting && made >= waiting.count) waiting.resolve();
    let loggedIn = false;
    let held = false;
    upstream.on('data', (chunk: Buffer) => {
      if (chunk.length >= 6 && chunk[chunk.length - 6] === READY_FOR_QUERY) loggedIn = true;
      client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => {
      if (held) return;
      if (!loggedIn || !hold) return void upstream.write(chunk);
      const onHeld = hold;
      hold = null;
      held = true;
      onHeld();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    holdNext: (onHeld) => void (hold = onHeld),
    connections: (count) => new Promise<void>((resolve) => {
      if (made >= count) return resolve();
      waiting = { count, resolve };
    }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
