// A loopback TCP forwarder whose target a test switches, as a DNS name or a virtual IP moves after a failover.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpSwitch {
  port: number;
  /** Where new connections go; connections already made stay where they were. */
  targetPort: number;
  close(): Promise<void>;
}

export async function startTcpSwitch(targetPort: number): Promise<TcpSwitch> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(tcp.targetPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tcp: TcpSwitch = {
    port: (server.address() as AddressInfo).port,
    targetPort,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return tcp;
}
