// A TCP server that answers each request head with bytes a test writes itself: HTTP no framework would send.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** Writes the answer to one request (its path given) on the raw socket. */
export type RawAnswer = (socket: Socket, path: string) => void;

export class RawAnswerServer {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly answers: Map<string, RawAnswer>,
  ) {
    server.on('connection', (socket) => this.serve(socket));
  }

  static async start(answers: Record<string, RawAnswer>): Promise<RawAnswerServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new RawAnswerServer(server, new Map(Object.entries(answers)));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Heads are read as they complete (requests carry no body here); an unknown path is a 404. */
  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = '';
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const path = pending.slice(0, end).split(' ', 2)[1] ?? '';
        pending = pending.slice(end + 4);
        const answer = this.answers.get(path);
        if (answer) answer(socket, path);
        else socket.write('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
      }
    });
  }
}
