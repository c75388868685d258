// A TLS connection broken after the answer's head (a record corrupted on the way, a middlebox's alert): a cut transfer, not a certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { fetchError, headersParsed, httpSettings, req } from './fetch-test-helpers';

let origin: tls.Server;
let middlebox: net.Server;
let corruptNext = false;
const dir = mkdtempSync(join(tmpdir(), 'tls-cut-'));

beforeAll(async () => {
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-days', '1'], { stdio: 'ignore' });
  origin = tls.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => {
    socket.once('data', () => {
      void headersParsed('/p').then(() => {
        corruptNext = true;
        socket.write('<p class="price">12.99</p></body></html>');
      });
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 80\r\n\r\n<html><body>');
    });
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  // Passes bytes both ways; the origin's next record after the flag arrives with one bit flipped.
  middlebox = net.createServer((client) => {
    const upstream = net.connect((origin.address() as AddressInfo).port, '127.0.0.1');
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (corruptNext) {
        corruptNext = false;
        chunk[chunk.length - 1] ^= 0x01;
      }
      client.write(chunk);
    });
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => middlebox.listen(0, '127.0.0.1', resolve));
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // the test's own certificate; read by each TLS connect
});

afterAll(async () => {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  await new Promise((resolve) => middlebox.close(resolve));
  await new Promise((resolve) => origin.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('a TLS connection broken inside the body', () => {
  it('a corrupted record after the head → FETCH_CONNECTION_RESET (retried), never fetch/tls', async () => {
    const fetcher = new HttpFetcher(httpSettings({ timeoutMs: 5_000 }));
    try {
      const error = await fetchError(fetcher.fetch(req(`https://127.0.0.1:${(middlebox.address() as AddressInfo).port}/p`)));
      expect(error.code).toBe('FETCH_CONNECTION_RESET');
      expect(error.message).toMatch(/bad record mac/i);
    } finally {
      await fetcher.close();
    }
  });
});
