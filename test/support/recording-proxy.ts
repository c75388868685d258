// A real forward proxy on loopback (proxy-chain) that checks Basic credentials and records every request it carries.
import { Server } from 'proxy-chain';

export interface ProxiedRequest {
  /** Which proxy carried it (the name given at start). */
  proxy: string;
  /** Absolute target URL (plain-http forward requests); `host:port` for CONNECT tunnels. */
  url: string;
  /** The Cookie header as it passed through the proxy ('' when none). */
  cookie: string;
  /** proxy-chain's connection number: equal ids = one reused client connection. */
  connectionId: number;
}

export interface RecordingProxy {
  name: string;
  port: number;
  /** `http://user:pass@127.0.0.1:port`, or without credentials when none are required. */
  url: string;
  requests: ProxiedRequest[];
  /** Requests turned away with 407 (wrong or missing credentials). */
  rejected: number;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1:<free port>; with credentials, anything else gets 407. */
export async function startRecordingProxy(name: string, credentials?: { username: string; password: string }): Promise<RecordingProxy> {
  const proxy: RecordingProxy = { name, port: 0, url: '', requests: [], rejected: 0, close: async () => undefined };
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ request, username, password, hostname, port, isHttp, connectionId }) => {
      if (credentials && (username !== credentials.username || password !== credentials.password)) {
        proxy.rejected++;
        return { requestAuthentication: true };
      }
      const cookie = request.headers.cookie ?? '';
      proxy.requests.push({ proxy: name, url: isHttp ? (request.url ?? '') : `${hostname}:${port}`, cookie, connectionId });
      return {};
    },
  });
  await server.listen();
  proxy.port = server.port;
  const auth = credentials ? `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@` : '';
  proxy.url = `http://${auth}127.0.0.1:${server.port}`;
  proxy.close = () => server.close(true);
  return proxy;
}
