// Counting an answer's bytes as its connection brings them: where its head ends, and what lies past its Content-Length.
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AnswerBytes } from '../../src/fetch/answer-bytes';

const BODY = 'User-agent: *\nDisallow: /private/\n';
const HEAD = `HTTP/1.1 200 OK\r\ncontent-length: ${BODY.length}\r\nconnection: close\r\n\r\n`;

/** The bytes past the body after `chunks` arrive on a connection watched from the send. */
function pastBody(chunks: string[], length = BODY.length): number | null {
  const socket = new PassThrough();
  socket.resume();
  const bytes = AnswerBytes.watch(socket as unknown as Socket);
  for (const chunk of chunks) socket.write(Buffer.from(chunk, 'utf8'));
  const past = bytes.bytesPastBody(length);
  bytes.stop();
  return past;
}

describe('AnswerBytes', () => {
  it('finds nothing past a body of its length, in one read or split anywhere, the head included', () => {
    const answer = HEAD + BODY;
    expect(pastBody([answer])).toBe(0);
    for (let at = 1; at < answer.length; at += 7) expect(pastBody([answer.slice(0, at), answer.slice(at)]), String(at)).toBe(0);
  });

  it('counts the bytes past the length, and lets line ends there pass', () => {
    expect(pastBody([`${HEAD}${BODY}Disallow: /konto/\n`])).toBe('Disallow: /konto/\n'.length);
    expect(pastBody([`${HEAD}${BODY}\r\n`])).toBe(0);
  });

  it('skips 1xx heads and line ends before the head', () => {
    expect(pastBody([`HTTP/1.1 103 Early Hints\r\nlink: </a.css>; rel=preload\r\n\r\n${HEAD}${BODY}`])).toBe(0);
    expect(pastBody(['\r\n\r\n', HEAD + BODY])).toBe(0);
    expect(pastBody([`HTTP/1.1 100 Continue\r\n\r\n${HEAD}${BODY}x`])).toBe(1);
  });

  it('tells nothing before the head has ended', () => {
    expect(pastBody([HEAD.slice(0, 20)])).toBeNull();
  });

  it('counts a multi-byte body by its bytes', () => {
    const body = 'Disallow: /über/x';
    expect(pastBody([`HTTP/1.1 200 OK\r\n\r\n${body}`], Buffer.byteLength(body))).toBe(0);
    expect(pastBody([`HTTP/1.1 200 OK\r\n\r\n${body}`], body.length)).toBe(1);
  });
});
