// A forward proxy of our own on loopback (absolute-URI forwarding and CONNECT, Basic Proxy-Authorization) whose faults a test sets.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

/** What the proxy does with the next request it gets (a test may change it at any time). */
export type ProxyFault =
  | 'none'
  /** 407 whatever the credentials. */
  | 'auth'
  /** Answers 502 itself instead of forwarding (a CONNECT gets a 502 too). */
  | 'bad-gateway'
  /** Answers 503 itself (an exit pool exhausted, a provider's quota spent). */
  | 'unavailable'
  /** Answers 504 itself (its upstream timed out, as it says). */
  | 'gateway-timeout'
  /** Closes the client's connection without a word. */
  | 'hang-up'
  /** Takes the request and never answers (the socket stays open). */
  | 'silent'
  /** Forwards the site's head and the first part of its body, then resets the connection. */
  | 'reset-mid-body'
  /** Answers 200 with a page of its own (a captive portal, a provider's block page), never asking the site. */
  | 'portal';

/** The page a `portal` proxy serves for every URL. */
export const PORTAL_PAGE = '<html><head><title>Network login</title></head><body><h1>Please sign in to continue browsing</h1><p>Price: $0.00 plan</p></body></html>';

export interface FaultyProxy {
  port: number;
  /** `http://user:pass@127.0.0.1:port` (credentials percent-encoded). */
  url: string;
  fault: ProxyFault;
  /** Headers the proxy adds to an answer of its own (502/503/504), e.g. RFC 9209's Proxy-Status. */
  ownAnswerHeaders: Record<string, string>;
  /** Requests (forwarded or CONNECT) it takes before it stops listening and drops every connection; Infinity: never. */
  closeAfter: number;
  /** Every request it received: absolute URL (forwarded) or `CONNECT host:port`, and the Cookie header. */
  received: Array<{ target: string; cookie: string; authorized: boolean }>;
  close(): Promise<void>;
}

const OWN_STATUS: Partial<Record<ProxyFault, number>> = { 'bad-gateway': 502, unavailable: 503, 'gateway-timeout': 504 };

export async function startFaultyProxy(credentials: { username: string; password: string }): Promise<FaultyProxy> {
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => forward(proxy, req, res, expected));
  const proxy: FaultyProxy = { port: 0, url: '', fault: 'none', ownAnswerHeaders: {}, closeAfter: Infinity, received: [], close: async () => undefined };
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket) => tunnel(proxy, req, client, expected));
  server.on('request', () => closeWhenDone(proxy));
  server.on('connect', () => closeWhenDone(proxy));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as { port: number }).port;
  proxy.url = `http://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${proxy.port}`;
  let closing: Promise<void> | null = null;
  proxy.close = () =>
    (closing ??= new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }));
  return proxy;
}

/** A proxy that dies after `closeAfter` requests: the one that reached the limit is dropped with the rest. */
function closeWhenDone(proxy: FaultyProxy): void {
  if (proxy.received.length >= proxy.closeAfter) void proxy.close();
}

/** Records the request; true when the fault or the credentials already answered it. */
function refused(proxy: FaultyProxy, req: IncomingMessage, target: string, expected: string, answer: (status: number, headers?: Record<string, string>) => void, hangUp: () => void): boolean {
  const authorized = req.headers['proxy-authorization'] === expected;
  proxy.received.push({ target, cookie: req.headers.cookie ?? '', authorized });
  const own = OWN_STATUS[proxy.fault];
  if (proxy.fault === 'hang-up' || proxy.received.length > proxy.closeAfter) hangUp();
  else if (proxy.fault === 'silent') return true;
  else if (proxy.fault === 'auth' || !authorized) answer(407, { 'proxy-authenticate': 'Basic realm="test"' });
  else if (own) answer(own, proxy.ownAnswerHeaders);
  else return false;
  return true;
}

function forward(proxy: FaultyProxy, req: IncomingMessage, res: ServerResponse, expected: string): void {
  const target = req.url ?? '';
  const answer = (status: number, headers: Record<string, string> = {}) => res.writeHead(status, { ...headers, 'content-type': 'text/html' }).end(`<p>proxy says ${status}</p>`);
  if (refused(proxy, req, target, expected, answer, () => req.socket.destroy())) return;
  if (proxy.fault === 'portal') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PORTAL_PAGE);
    return;
  }
  const headers = { ...req.headers };
  delete headers['proxy-authorization'];
  delete headers['proxy-connection'];
  // Headers as large as a browser takes (256 KiB): the proxy must not be the one to refuse them.
  const upstream = httpRequest(target, { method: req.method, headers, maxHeaderSize: 256 * 1024 }, (answered) => {
    res.writeHead(answered.statusCode ?? 502, answered.headers);
    if (proxy.fault === 'reset-mid-body') {
      answered.once('data', (chunk: Buffer) => res.write(chunk.subarray(0, Math.max(1, chunk.length >> 1)), () => req.socket.destroy()));
      return;
    }
    answered.pipe(res);
  });
  upstream.on('error', () => answer(502));
  req.pipe(upstream);
}

function tunnel(proxy: FaultyProxy, req: IncomingMessage, client: Socket, expected: string): void {
  const answer = (status: number, headers: Record<string, string> = {}) => {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    client.end(`HTTP/1.1 ${status} Proxy\r\n${lines}content-length: 0\r\n\r\n`);
  };
  if (refused(proxy, req, `CONNECT ${req.url}`, expected, answer, () => client.destroy())) return;
  const [host, port] = (req.url ?? '').split(':');
  const upstream = connect(Number(port), host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
}
