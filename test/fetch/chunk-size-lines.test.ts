// A chunked body's size lines lose their padding and extensions before undici's parser reads them; a chunk's data never changes.
import { describe, expect, it } from 'vitest';
import { ChunkSizeLines } from '../../src/fetch/chunk-size-lines';

/** What the parser is handed when `wire` (a chunked body) arrives cut at each of `cuts`. */
function handedOn(wire: string, cuts: number[] = []): string {
  const lines = new ChunkSizeLines();
  const bounds = [0, ...cuts, wire.length];
  let out = '';
  for (let i = 1; i < bounds.length; i++) out += lines.push(Buffer.from(wire.slice(bounds[i - 1], bounds[i]), 'latin1')).toString('latin1');
  return out;
}

// Data that looks like size lines: padding before a line end, a semicolon, hex digits.
const DATA = 'a \r\n;b=1 \t\r\nd';
const D = DATA.length.toString(16);

describe('ChunkSizeLines', () => {
  it('drops the white space after a size and every extension, however the bytes arrive, and no byte of a chunk', () => {
    const wire = `00${D}  \t;x = "a b";y\r\n${DATA}\r\n${D.toUpperCase()} ; z\r\n${DATA}\r\n0   ;last\r\nx-t: 1 \r\n\r\n`;
    const want = `00${D}\r\n${DATA}\r\n${D.toUpperCase()}\r\n${DATA}\r\n0\r\n\r\n`;
    for (let a = 1; a < wire.length; a++) {
      expect(handedOn(wire, [a]), `cut at ${a}`).toBe(want);
      for (let b = a + 1; b < wire.length; b += 7) expect(handedOn(wire, [a, b]), `cut at ${a},${b}`).toBe(want);
    }
  });

  // RFC 9112 §2.2 lets a recipient take a bare LF for a line end; Chromium's chunked decoder does for every line of the framing.
  it('hands on a framing whose lines end in a bare LF with CR LF line ends, however the bytes arrive, and no byte of a chunk', () => {
    const wire = `${D}\n${DATA}\n${D} ;x\n${DATA}\r\n${D}  \r\n${DATA}\n0\nx-t: 1\nx-u: 2\r\n\n`;
    const want = `${D}\r\n${DATA}\r\n${D}\r\n${DATA}\r\n${D}\r\n${DATA}\r\n0\r\n\r\n`;
    for (let a = 1; a < wire.length; a++) {
      expect(handedOn(wire, [a]), `cut at ${a}`).toBe(want);
      for (let b = a + 1; b < wire.length; b += 7) expect(handedOn(wire, [a, b]), `cut at ${a},${b}`).toBe(want);
    }
    expect(handedOn(`${D}\n${DATA}\n0\n\nHTTP/1.1 200 OK\n`)).toBe(`${D}\r\n${DATA}\r\n0\r\n\r\nHTTP/1.1 200 OK\n`);
  });

  it('hands a body without padding on as the same buffer', () => {
    const lines = new ChunkSizeLines();
    const chunk = Buffer.from(`${D}\r\n${DATA}\r\n0\r\n\r\n`, 'latin1');
    expect(lines.push(chunk)).toBe(chunk);
    expect(lines.reading).toBe(false);
  });

  it('stops at what it does not expect and hands the rest on as it came, for the parser to refuse', () => {
    for (const wire of [`zz  \r\n${DATA}`, ` ${D}\r\n${DATA}`, `${D}  \r\n${DATA}XY  d  \r\n`, `${D} x\r\n${DATA}`, `1234567890abc  \r\n`]) {
      const lines = new ChunkSizeLines();
      const handed = lines.push(Buffer.from(wire, 'latin1')).toString('latin1');
      expect(lines.reading, wire).toBe(false);
      expect(handed.endsWith(wire.slice(wire.length - 6)), wire).toBe(true);
    }
  });

  // Fields llhttp would refuse in a head (a length beside chunked, a space in a name, a fold, a bare CR), which it refused in trailers too.
  it('drops the trailer fields, whatever they hold, however the bytes arrive, and hands the last line on', () => {
    const wire = `${D}\r\n${DATA}\r\n0\r\ncontent-length: 5\r\nx y: z\r\nx-a: b\r\n  c\r\nx-b: \r1\r\r\nx-c: 2\n\r\n`;
    const want = `${D}\r\n${DATA}\r\n0\r\n\r\n`;
    for (let a = 1; a < wire.length; a++) expect(handedOn(wire, [a]), `cut at ${a}`).toBe(want);
  });

  it('ends with the trailer section: an answer after it passes untouched', () => {
    const next = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n0 ;';
    expect(handedOn(`${D} \r\n${DATA}\r\n0 \r\nx-a: b\r\n\r\n${next}`)).toBe(`${D}\r\n${DATA}\r\n0\r\n\r\n${next}`);
  });
});
