// Drops the white space after a chunk's size, its extensions and the trailer fields, before undici's parser refuses the body.
const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const HT = 0x09;
const SEMICOLON = 0x3b;
/** More hex digits than any size a body can have: such a line is left for the parser to judge. */
const MAX_SIZE_DIGITS = 12;

/** Where in the chunked framing the next byte is; `done` passes every byte on as it came. */
type ChunkState = 'size' | 'after-size' | 'ext' | 'size-lf' | 'data' | 'data-cr' | 'data-lf' | 'trailer-start' | 'trailer' | 'trailer-lf' | 'end-lf' | 'done';

/** What becomes of a byte of the framing: dropped, handed on, or handed on after a CR (a bare LF ending a line). */
type Handed = 'drop' | 'keep' | 'crlf';

/**
 * RFC 9112 §7.1.1 has bad white space (BWS) around a chunk extension's `;` and `=`, and servers pad a chunk
 * size with spaces (`1a   \r\n`, a size written in a fixed width); Chromium and curl read both, and ignore
 * every extension (a recipient must ignore those it does not know; we know none). undici's llhttp refuses
 * such lines ("Invalid character in chunk size", "... in chunk extensions"), and every page of such a server
 * was lost as `fetch/protocol` on every try of every run. The bytes of a chunked body pass through here: the
 * spaces and tabs after a size's hex digits, and an extension from its `;` to the line end, are dropped; a
 * chunk's data is counted past untouched; anything this reading does not expect ends it, the rest handed on
 * as it came for the parser to judge. Bytes are only ever dropped from a size line, never from a chunk's data.
 * A bare LF ends a line of the framing (a size line, the end of a chunk's data, a trailer line) as CR LF
 * does, and is handed on as CR LF: RFC 9112 §2.2 lets a recipient read it so and Chromium's decoder does,
 * while llhttp refused the body; a server that writes its head with bare LFs (head-unfolder.ts) often
 * writes its chunks so.
 * The trailer section's fields are dropped, its empty last line handed on: RFC 9110 §6.5.1 lets a recipient
 * discard them, Chromium's decoder skips them unread, and nothing of ours reads them; llhttp read them as
 * header lines and refused the whole answer for a trailer it would refuse in a head (a `Content-Length`
 * beside the chunked coding, a name with a space, a fold): `fetch/protocol` on a page that had come whole.
 */
export class ChunkSizeLines {
  private state: ChunkState = 'size';
  private digits = 0;
  private size = 0;
  private remaining = 0;

  /** Whether the body's framing is still being read (false once its trailer section ended, or on the unexpected). */
  get reading(): boolean {
    return this.state !== 'done';
  }

  /** The bytes to hand the parser for `chunk`: `chunk` itself when nothing is dropped or added. */
  push(chunk: Buffer): Buffer {
    let out: Buffer | null = null;
    let length = 0;
    let i = 0;
    while (i < chunk.length && this.state !== 'done') {
      if (this.state === 'data') {
        const take = Math.min(this.remaining, chunk.length - i);
        if (out) length += chunk.copy(out, length, i, i + take);
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = 'data-cr';
        continue;
      }
      const byte = chunk[i]!;
      const handed = this.step(byte);
      if (handed !== 'keep' && !out) {
        // Room for a CR before each LF still to come.
        out = Buffer.allocUnsafe(chunk.length + lineFeeds(chunk, i));
        length = chunk.copy(out, 0, 0, i);
      }
      if (out && handed === 'crlf') out[length++] = CR;
      if (out && handed !== 'drop') out[length++] = byte;
      i++;
    }
    if (!out) return chunk;
    length += chunk.copy(out, length, i);
    return out.subarray(0, length);
  }

  /** What becomes of `byte`. */
  private step(byte: number): Handed {
    switch (this.state) {
      case 'size': {
        const value = hexValue(byte);
        if (value >= 0) return this.sizeDigit(value);
        if (this.digits === 0) return this.stop();
        if (byte === SP || byte === HT) {
          this.state = 'after-size';
          return 'drop';
        }
        return this.sizeEnd(byte);
      }
      case 'after-size':
        return byte === SP || byte === HT ? 'drop' : this.sizeEnd(byte);
      case 'ext':
        if (byte === LF) return this.bareLf(this.chunkStarts());
        return byte === CR ? this.next('size-lf') : 'drop';
      case 'size-lf':
        return byte === LF ? this.chunkStarts() : this.stop();
      case 'data-cr':
        if (byte === LF) return this.bareLf(this.nextSize());
        return byte === CR ? this.next('data-lf') : this.stop();
      case 'data-lf':
        return byte === LF ? this.nextSize() : this.stop();
      case 'trailer-start':
        if (byte === LF) return this.bareLf(this.next('done'));
        if (byte === CR) return this.next('end-lf');
        this.state = 'trailer';
        return 'drop';
      // A trailer line runs to its LF, a CR inside it and all (as Chromium's decoder reads it), and goes nowhere.
      case 'trailer':
        if (byte === CR) this.state = 'trailer-lf';
        else if (byte === LF) this.state = 'trailer-start';
        return 'drop';
      case 'trailer-lf':
        this.state = byte === LF ? 'trailer-start' : byte === CR ? 'trailer-lf' : 'trailer';
        return 'drop';
      case 'end-lf':
        return this.stop();
      default:
        return 'keep';
    }
  }

  private sizeDigit(value: number): 'keep' {
    if (++this.digits > MAX_SIZE_DIGITS) return this.stop();
    this.size = this.size * 16 + value;
    return 'keep';
  }

  /** After a size (and any white space): an extension, dropped with all it holds up to the line end, or the line end. */
  private sizeEnd(byte: number): Handed {
    if (byte === SEMICOLON) {
      this.state = 'ext';
      return 'drop';
    }
    if (byte === CR) return this.next('size-lf');
    return byte === LF ? this.bareLf(this.chunkStarts()) : this.stop();
  }

  private chunkStarts(): 'keep' {
    if (this.size === 0) return this.next('trailer-start');
    this.remaining = this.size;
    return this.next('data');
  }

  /** A chunk's data ended with its line end: a size line comes next. */
  private nextSize(): 'keep' {
    this.digits = 0;
    this.size = 0;
    return this.next('size');
  }

  /** A bare LF ended a line of the framing (the state already moved past it): it goes on after a CR. */
  private bareLf(_moved: 'keep'): 'crlf' {
    return 'crlf';
  }

  private next(state: ChunkState): 'keep' {
    this.state = state;
    return 'keep';
  }

  /** The framing is no longer this reading's: the rest goes on as it came. */
  private stop(): 'keep' {
    this.state = 'done';
    return 'keep';
  }
}

/** LF bytes in `chunk` from `from` on. */
function lineFeeds(chunk: Buffer, from: number): number {
  let count = 0;
  for (let at = chunk.indexOf(LF, from); at >= 0; at = chunk.indexOf(LF, at + 1)) count++;
  return count;
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
