// Secrets inside objects the logger did not build: a real response's headers (Set-Cookie as a list, raw header
// pairs), an error's options with a numeric password. pino writes them whole; none may reach the line.
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskSecrets, maskSecretsInText } from '../../src/core/mask-secrets';
import { createLogger } from '../../src/log/logger';
import { logSink } from '../support/test-crawl';

let server: Server;
let origin: string;

beforeAll(async () => {
  // A shop's answer that sets two session cookies: Node and undici give Set-Cookie as a list of values.
  server = createServer((_req, res) => void res.writeHead(503, [['Set-Cookie', 'sid=c00kie-One-81; Path=/'], ['Set-Cookie', 'csrf=c00kie-Two-92'], ['Content-Type', 'text/plain']]).end('busy'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('secret values the logger is handed inside other objects', () => {
  it('masks a response\'s Set-Cookie list, raw header pairs and a numeric password', async () => {
    const res = await request(`${origin}/p`, { headers: { authorization: 'Bearer 0auth-T0ken-73' } });
    await res.body.text();
    expect(res.headers['set-cookie']).toEqual(['sid=c00kie-One-81; Path=/', 'csrf=c00kie-Two-92']);
    const sink = logSink();
    const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
    const err = Object.assign(new Error(`HTTP ${res.statusCode}`), { response: { headers: res.headers }, options: { rawHeaders: ['Authorization', 'Bearer 0auth-T0ken-73', 'Accept', 'text/html'], password: 5550123 } });
    log.warn({ err }, 'shop refused');
    expect(sink.lines).toHaveLength(1);
    const line = JSON.stringify(sink.lines[0]);
    expect(['c00kie-One-81', 'c00kie-Two-92', '0auth-T0ken-73', '5550123'].filter((secret) => line.includes(secret))).toEqual([]);
    // What is no secret stays readable.
    expect(line).toContain('text/html');
    expect(line).toContain('"content-type":"text/plain"');
  });

  it('masks secrets in JSON quoted inside a message or a field (an API\'s error body, a request the error carries)', () => {
    const sink = logSink();
    const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
    const body = JSON.stringify({ error: 'expired', access_token: 'qu0ted-T0ken-41', headers: { Cookie: 'sid=qu0ted-C00kie-52' } });
    const request = JSON.stringify({ url: 'http://127.0.0.1/p', headers: { Authorization: 'Bearer qu0ted-Bearer-63' }, password: 'qu0ted-Pw-74' });
    log.error({ err: Object.assign(new Error(`HTTP 401: ${body}`), { command: { name: 'evalsha', args: ['sha', '1', request] } }) }, `callback failed on ${body}`);
    expect(sink.lines).toHaveLength(1);
    const line = JSON.stringify(sink.lines[0]);
    expect(['qu0ted-T0ken-41', 'qu0ted-C00kie-52', 'qu0ted-Bearer-63', 'qu0ted-Pw-74'].filter((secret) => line.includes(secret))).toEqual([]);
    expect(sink.lines[0].msg).toBe('callback failed on {"error":"expired","access_token":"***","headers":{"Cookie":"***"}}');
  });

  it('masks the same in a value stored as a record (a component\'s options, captured headers)', () => {
    const stored = maskSecrets({ options: { password: 5550123, retries: 3 }, headers: { 'set-cookie': ['sid=c00kie-One-81'] }, raw: ['Cookie', 'sid=c00kie-One-81', 'Accept', 'text/html'] });
    expect(stored).toEqual({ options: { password: '***', retries: 3 }, headers: { 'set-cookie': ['***'] }, raw: ['Cookie', '***', 'Accept', 'text/html'] });
    // A list of names is no list of pairs: nothing in it is a value.
    expect(maskSecrets({ dropHeaders: ['Authorization', 'Cookie'] })).toEqual({ dropHeaders: ['Authorization', 'Cookie'] });
    expect(maskSecretsInText('{"dropHeaders":["Authorization","Cookie"]}')).toBe('{"dropHeaders":["Authorization","Cookie"]}');
  });
});
