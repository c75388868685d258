// A loopback forwarder to a PostgreSQL server that holds the server's answer to the first statement carrying a marker, so a test can stop the client right after the server ran it.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface ReplyHolder {
  port: number;
  /**
   * Settles once the server ran the first statement whose text holds the marker: the end of its answer (and all
   * the server sends on that connection after it) waits here, so the client cannot have sent anything since.
   */
  answered: Promise<void>;
  /** Passes the held answer on, and all that follows it. */
  release(): void;
  /** Settles once the server closed the connection that statement went on (a session it ended). */
  serverClosed: Promise<void>;
  close(): Promise<void>;
}

/**
 * The marker is looked for in the client's bytes, so it must be in the statement's text: postgres.js sends a
 * statement's text the first time a connection runs it (a Parse), then only its prepared name, so the held
 * statement is the first run on whichever connection runs it first.
 */
/** ReadyForQuery: 'Z', length 5, and the session's transaction status. */
function endsWithReadyForQuery(chunk: Buffer): boolean {
  return chunk.length >= 6 && chunk[chunk.length - 6] === 0x5a && chunk.readInt32BE(chunk.length - 5) === 5;
}

export async function startReplyHolder(targetPort: number, marker: string): Promise<ReplyHolder> {
  const sockets = new Set<Socket>();
  let armed = true;
  let answered!: () => void;
  let serverClosed!: () => void;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    let marked = false;
    let holding = false;
    let held: Buffer[] = [];
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.includes(marker)) {
        armed = false;
        marked = true;
        upstream.once('close', () => serverClosed());
        void released.then(() => {
          holding = false;
          for (const part of held) client.write(part);
          held = [];
          if (upstream.destroyed) client.end();
        });
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      // postgres.js first has a new statement described, then sends its parameters: the statement has run (and the
      // server waits for the client) only at the ReadyForQuery that ends its answer.
      if (marked && !holding && endsWithReadyForQuery(chunk)) {
        marked = false;
        holding = true;
        answered();
      }
      if (holding) held.push(chunk);
      else client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      if (!holding) client.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    answered: new Promise<void>((resolve) => (answered = resolve)),
    release,
    serverClosed: new Promise<void>((resolve) => (serverClosed = resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
