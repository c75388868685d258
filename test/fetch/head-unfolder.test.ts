// Header lines continued on the next line (obs-fold) become one line before undici's parser reads them; nothing else on the wire changes.
import { describe, expect, it } from 'vitest';
import { HeadUnfolder } from '../../src/fetch/head-unfolder';

/** What the parser is handed when `wire` arrives cut at each of `cuts`, for an answer expected at the start. */
function handedOn(wire: string, cuts: number[] = []): string {
  const unfolder = new HeadUnfolder();
  unfolder.expectHead();
  const bounds = [0, ...cuts, wire.length];
  let out = '';
  for (let i = 1; i < bounds.length; i++) out += unfolder.push(Buffer.from(wire.slice(bounds[i - 1], bounds[i]), 'latin1')).toString('latin1');
  return out;
}

/** Every way of cutting `wire` in two and in three. */
function everyCut(wire: string): number[][] {
  const cuts: number[][] = [];
  for (let a = 1; a < wire.length; a++) {
    cuts.push([a]);
    for (let b = a + 1; b < wire.length; b++) cuts.push([a, b]);
  }
  return cuts;
}

const BODY = '<p>\r\n  12.99\r\n\t</p>';

describe('HeadUnfolder', () => {
  it('turns each fold of a field (CR LF and the spaces or tabs after it) into one space, however the bytes arrive', () => {
    const wire = `HTTP/1.1 200 OK\r\nContent-Type: text/html;\r\n charset=windows-1252\r\nX-A: a\r\n\t\r\n  b\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`;
    const want = `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1252\r\nX-A: a  b\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`;
    for (const cuts of everyCut(wire.slice(0, 80))) expect(handedOn(wire, cuts), `cut at ${cuts.join(',')}`).toBe(want);
  });

  it('leaves the body alone, line ends and indentation included', () => {
    const wire = `HTTP/1.1 200 OK\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`;
    for (const cuts of everyCut(wire)) expect(handedOn(wire, cuts)).toBe(wire);
  });

  it('unfolds the final answer after interim ones (103, 100: handed on as a 102, which undici skips) too, and nothing of a body after a 101', () => {
    const wire = `HTTP/1.1 103 Early Hints\r\nLink: </a.css>;\r\n rel=preload\r\n\r\nHTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-A: a\r\n b\r\n\r\n${BODY}`;
    expect(handedOn(wire)).toBe(`HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 102 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-A: a b\r\n\r\n${BODY}`);
    const upgrade = `HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\nHTTP/1.1 200 OK\r\nX-A: a\r\n b\r\n\r\n`;
    expect(handedOn(upgrade)).toBe(upgrade);
  });

  it('hands an interim 100 on as a 102 however its bytes arrive, and no 100 elsewhere (a header, a body, another code); a four-digit status stays four digits for the parser to refuse', () => {
    const wire = `HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 100 Continue\r\nX-Status: HTTP/1.1 100\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nHTTP/1.1 100`;
    const want = wire.replace('HTTP/1.1 100 Continue', 'HTTP/1.1 102 Continue').replace('HTTP/1.0 100 Continue', 'HTTP/1.0 102 Continue');
    for (const cuts of everyCut(wire.slice(0, 50))) expect(handedOn(wire, cuts), `cut at ${cuts.join(',')}`).toBe(want);
    for (const wire of ['HTTP/1.1 1000 X\r\n\r\n', 'HTTP/1.1 110 X\r\n\r\n', 'HTTP/1.1 200 100\r\n\r\n', 'HTTPS/1.1 100 X\r\n\r\n']) {
      expect(handedOn(wire)).toBe(wire.replace('1000', '1020'));
    }
  });

  it('leaves what is no fold for the parser to refuse: white space before the first field, bare CR', () => {
    for (const wire of ['HTTP/1.1 200 OK\r\n X-A: a\r\n\r\n', 'HTTP/1.1 200 OK\r\nX-A: a\r b\r\n\r\n']) {
      for (const cuts of everyCut(wire)) expect(handedOn(wire, cuts)).toBe(wire);
    }
  });

  // RFC 9112 §2.2: a recipient MAY take a bare LF for a line end; Chromium, Firefox and curl do.
  it('hands on a head whose lines end in a bare LF with CR LF line ends, however the bytes arrive; the body as it came', () => {
    const wire = `HTTP/1.1 200 OK\nContent-Type: text/html;\n charset=windows-1252\nContent-Length: ${BODY.length}\n\n${BODY}`;
    const want = `HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=windows-1252\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`;
    for (const cuts of everyCut(wire.slice(0, 80))) expect(handedOn(wire, cuts), `cut at ${cuts.join(',')}`).toBe(want);
  });

  it('reads a bare LF as a line end wherever it ends a line: mixed with CR LF, ending the head either way, after interim answers, before the status line', () => {
    expect(handedOn('HTTP/1.1 200 OK\r\nX-A: a\nX-B: b\r\n\n')).toBe('HTTP/1.1 200 OK\r\nX-A: a\r\nX-B: b\r\n\r\n');
    expect(handedOn('HTTP/1.1 200 OK\nX-A: a\n\r\nBODY\n')).toBe('HTTP/1.1 200 OK\r\nX-A: a\r\n\r\nBODY\n');
    expect(handedOn('HTTP/1.1 103 Early Hints\nLink: </a.css>\n\nHTTP/1.1 100 Continue\n\nHTTP/1.1 200 OK\nContent-Length: 4\n\nBODY')).toBe(
      'HTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 102 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nBODY',
    );
    expect(handedOn('HTTP/1.1 200 OK\nContent-Length: 4\ncontent-length: 4\n\nBODY')).toBe('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nBODY');
    // The empty lines a previous body may leave before a status line stay empty lines before it, and it stays the status line.
    expect(handedOn('\n\r\nHTTP/1.1 100 Continue\n\nHTTP/1.1 200 OK\n\n')).toBe('\r\n\r\nHTTP/1.1 102 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\n');
  });

  it('hands one Content-Length for a length given twice or as a list of one value, however the bytes arrive (RFC 9110 §8.6)', () => {
    const wire = `HTTP/1.1 200 OK\r\nContent-Length: ${BODY.length}\r\nX-A: a\r\ncontent-length:${BODY.length} , ${BODY.length}\r\n\r\n${BODY}`;
    const want = `HTTP/1.1 200 OK\r\nContent-Length: ${BODY.length}\r\nX-A: a\r\n\r\n${BODY}`;
    expect(handedOn(`HTTP/1.1 200 OK\r\nContent-Length: 20,20\r\n\r\n${BODY}`)).toBe(`HTTP/1.1 200 OK\r\ncontent-length: 20\r\n\r\n${BODY}`);
    for (const cuts of everyCut(wire.slice(0, 75))) expect(handedOn(wire, cuts), `cut at ${cuts.join(',')}`).toBe(want);
  });

  it('leaves lengths that disagree, and what is no length, for the parser to judge', () => {
    for (const wire of [
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: +5\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: \r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Lengthy: 5\r\nContent-Length-X: 5\r\n\r\n',
      `HTTP/1.1 200 OK\r\nContent-Length: ${'9'.repeat(300)}\r\n\r\n`,
    ]) {
      for (const cuts of everyCut(wire.slice(0, 60))) expect(handedOn(wire, cuts), `${JSON.stringify(wire)} cut at ${cuts.join(',')}`).toBe(wire);
    }
  });

  it('a length in the next answer\'s head is that head\'s own', () => {
    const wire = `HTTP/1.1 103 Early Hints\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`;
    expect(handedOn(wire)).toBe(wire);
  });

  it('reads bytes before a request is sent, and after the head, as they came', () => {
    const unfolder = new HeadUnfolder();
    expect(unfolder.push(Buffer.from('X-A: a\r\n b\r\n')).toString()).toBe('X-A: a\r\n b\r\n');
    unfolder.expectHead();
    expect(unfolder.push(Buffer.from('HTTP/1.1 200 OK\r\n\r\nX-A: a\r\n b')).toString()).toBe('HTTP/1.1 200 OK\r\n\r\nX-A: a\r\n b');
  });
});
