// A head read in one piece is handed on exactly as the byte-by-byte walk hands it, whether or not it takes the plain-head shortcut.
import { describe, expect, it } from 'vitest';
import { HeadUnfolder } from '../../src/fetch/head-unfolder';
import { plainHeadEnd } from '../../src/fetch/plain-head';

/** What the parser is handed for `wire` arriving in pieces of `size` bytes (1: the walk, never the shortcut). */
function handedOn(wire: Buffer, size: number, method = 'GET'): Buffer {
  const unfolder = new HeadUnfolder();
  unfolder.expectHead(method);
  const out: Buffer[] = [];
  for (let at = 0; at < wire.length; at += size) out.push(unfolder.push(wire.subarray(at, at + size)));
  return Buffer.concat(out);
}

const STATUS = ['HTTP/1.1 200 OK', 'HTTP/1.0 404 Not Found', 'HTTP/1.1 100 Continue', 'HTTP/1.1 103 Early Hints', 'HTTP/1.1 101 Switching Protocols', 'HTTP/1.1 204 No Content', 'HTTP/1.1 304 Not Modified', 'HTTP/1.1 1000 X', 'HTTP/1.10 200 OK', 'HTTPS/1.1 200 OK', 'HTTP/1.1 2100 X', 'http/1.1 200 ok', 'HTTP/1.1 999 Odd'];
const FIELDS = [
  'Content-Length: 26', 'content-length: 26', 'CONTENT-LENGTH:26', 'Content-Length: 26, 26', 'Content-Length: 26,27', 'Content-Length: x',
  `Content-Length: ${' '.repeat(100)}26`, 'Content-Length : 26', 'Transfer-Encoding: chunked', 'transfer-encoding: gzip, chunked', 'Transfer-Encoding: gzip',
  `X-Long: ${'a'.repeat(140)}`, `Transfer-Encoding: ${'x'.repeat(130)}, chunked`, 'Content-Type: text/html;\r\n charset=utf-8', 'X-A: a\r\n\tb', ' X-Lead: a',
  'X-Bare: a\rb', 'X-Bare: a\nb', 'X-Nul: a\u0000b', 'X-High: caf\u00e9', 'Date: Sun, 06 Dec 2026 19:00:00 GMT', 'Connection: keep-alive', 'X-Empty:',
];
const BODIES = ['', '<p>12.99</p>\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n', '1a\r\n<p>hello</p>\r\n0\r\n\r\n', '5;ext=1  \r\nhello\r\n0\r\n\r\n'];

/** Every status line with every field alone (each body after it) and with every pair of fields. */
function* heads(): Generator<string> {
  let turn = 0;
  for (const status of STATUS) {
    for (const body of BODIES) {
      yield `${status}\r\n\r\n${body}`;
      for (const a of FIELDS) yield `${status}\r\n${a}\r\n\r\n${body}`;
    }
    // Pairs with the bodies in turn: every pair once per status line.
    for (const a of FIELDS) for (const b of FIELDS) yield `${status}\r\n${a}\r\n${b}\r\n\r\n${BODIES[turn++ % BODIES.length]}`;
  }
}

describe('plain heads', () => {
  it('hands on every head in one piece exactly as byte by byte: folds, lists, repeats, codings, interim answers, hostile bytes', () => {
    let shortcuts = 0;
    let checked = 0;
    for (const text of heads()) {
      const wire = Buffer.from(text, 'latin1');
      if (plainHeadEnd(wire) >= 0) shortcuts += 1;
      for (const method of ['GET', 'HEAD']) {
        const walked = handedOn(wire, 1, method).toString('latin1');
        expect(handedOn(wire, wire.length, method).toString('latin1'), JSON.stringify(text)).toBe(walked);
        checked += 1;
      }
    }
    // Both paths were compared: many heads took the shortcut, many did not.
    expect(shortcuts).toBeGreaterThan(500);
    expect(checked - 2 * shortcuts).toBeGreaterThan(1000);
  });

  it('passes a plain head and its body as the very bytes read, and walks the next answer on the connection afresh', () => {
    const unfolder = new HeadUnfolder();
    unfolder.expectHead('GET');
    const first = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody', 'latin1');
    expect(unfolder.push(first)).toBe(first);
    unfolder.expectHead('GET');
    const folded = Buffer.from('HTTP/1.1 200 OK\r\nX-A: a\r\n b\r\nContent-Length: 4\r\n\r\nbody', 'latin1');
    expect(unfolder.push(folded).toString('latin1')).toBe('HTTP/1.1 200 OK\r\nX-A: a b\r\nContent-Length: 4\r\n\r\nbody');
  });

  it('walks a head whose first bytes came in an earlier read, and one not yet ended', () => {
    expect(plainHeadEnd(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n', 'latin1'))).toBe(-1);
    const unfolder = new HeadUnfolder();
    unfolder.expectHead('GET');
    const start = unfolder.push(Buffer.from('HTTP/1.1 200 OK\r\nX-A: a\r\n', 'latin1'));
    const rest = unfolder.push(Buffer.from(' b\r\n\r\nbody', 'latin1'));
    expect(Buffer.concat([start, rest]).toString('latin1')).toBe('HTTP/1.1 200 OK\r\nX-A: a b\r\n\r\nbody');
  });
});
