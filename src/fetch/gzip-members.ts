// Reads the gzip members of a body one by one, so bytes after the last one (not a member) can be set aside.
import zlib from 'node:zlib';

const FHCRC = 0x02;
const FEXTRA = 0x04;
const FNAME = 0x08;
const FCOMMENT = 0x10;

/**
 * The decoded members of a gzip body followed by bytes that start no member (RFC 1952 §2.2: a gzip body is
 * a series of members), or null when the body is not that: no complete member, a member whose CRC-32 or
 * length does not check, output over `maxBytes`, or bytes after them that begin another member
 * (`beginsMagic`). Each member's trailer proves it whole, so what follows is outside the encoded page (a
 * script echoing after its gzip output); browsers read past it too. Whether the members hold a whole
 * document, or the bytes after them are its rest, the caller judges (stream-tail.ts).
 * Called only when the strict decoder refused a body, so the synchronous inflate is the rare path.
 */
export function gzipMembersBeforeGarbage(input: Buffer, maxBytes: number): GzipMembers | null {
  const members: Buffer[] = [];
  let total = 0;
  let offset = 0;
  while (isMemberStart(input, offset)) {
    const dataStart = offset + headerLength(input, offset);
    if (!Number.isFinite(dataStart) || dataStart >= input.length) return null;
    let member: Buffer;
    let consumed: number;
    try {
      const inflated = zlib.inflateRawSync(input.subarray(dataStart), { info: true, maxOutputLength: Math.max(1, maxBytes - total) }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
      member = inflated.buffer;
      consumed = inflated.engine.bytesWritten;
    } catch {
      return null;
    }
    const trailer = dataStart + consumed;
    if (trailer + 8 > input.length) return null;
    if (input.readUInt32LE(trailer) !== zlib.crc32(member) || input.readUInt32LE(trailer + 4) !== member.length % 2 ** 32) return null;
    total += member.length;
    if (total > maxBytes) return null;
    members.push(member);
    offset = trailer + 8;
  }
  if (members.length === 0 || offset >= input.length || beginsMagic(input, offset)) return null;
  return { decoded: Buffer.concat(members, total), after: input.subarray(offset) };
}

/** What the members decode to, and the bytes after them. */
export interface GzipMembers {
  decoded: Buffer;
  after: Buffer;
}

/**
 * Whether the bytes after the last whole member open with the gzip magic (1f 8b, or its first byte alone
 * at the very end): a member that began and was cut within its 10-byte header (or names no method we know),
 * not junk after the page. Read as junk, the page was kept without that member's part, a cut page.
 */
function beginsMagic(input: Buffer, offset: number): boolean {
  return input[offset] === 0x1f && (offset + 1 === input.length || input[offset + 1] === 0x8b);
}

function isMemberStart(input: Buffer, offset: number): boolean {
  return offset + 10 <= input.length && input[offset] === 0x1f && input[offset + 1] === 0x8b && input[offset + 2] === 8;
}

/** The fixed 10 bytes and the optional fields their flags announce; NaN when a field runs past the end. */
function headerLength(input: Buffer, offset: number): number {
  const flags = input[offset + 3]!;
  let at = offset + 10;
  if (flags & FEXTRA) {
    if (at + 2 > input.length) return Number.NaN;
    at += 2 + input.readUInt16LE(at);
  }
  for (const flag of [FNAME, FCOMMENT]) {
    if (!(flags & flag)) continue;
    const end = input.indexOf(0, at);
    if (end < 0) return Number.NaN;
    at = end + 1;
  }
  if (flags & FHCRC) at += 2;
  return at - offset;
}
