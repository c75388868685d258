// A TCP server that accepts connections and never says a byte: TLS handshakes and HTTP heads stall on it.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export class SilentTcpServer {
  readonly port: number;
  private readonly sockets = new Set<Socket>();
  private accepted = 0;
  private readonly waiters: Array<{ count: number; resolve: () => void }> = [];

  private constructor(private readonly server: Server) {
    this.port = (server.address() as AddressInfo).port;
    server.on('connection', (socket) => {
      this.accepted++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      for (const waiter of this.waiters.filter((w) => this.accepted >= w.count)) waiter.resolve();
    });
  }

  static async start(): Promise<SilentTcpServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new SilentTcpServer(server);
  }

  get connectionsAccepted(): number {
    return this.accepted;
  }

  /** Resolves once `count` connections have been accepted in total. */
  waitForConnections(count: number): Promise<void> {
    if (this.accepted >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
