// A loopback TCP port free right now, for test servers that must be told their port up front.
import { createServer, type AddressInfo } from 'node:net';

/** A port the kernel just handed out on loopback; the server binds it right after (a tiny reuse window). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
