// Unfolds header lines continued on the next line (obs-fold) in a connection's answer heads (and hands chunked bodies to their size-line reader), before undici's parser refuses them.
import type { Socket } from 'node:net';
import { LengthLines } from './length-lines';
import { continueAsProcessing } from './unasked-continue';
import { ChunkSizeLines } from './chunk-size-lines';
import { plainHeadEnd } from './plain-head';

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const HT = 0x09;
/** Enough of a field line to read a Transfer-Encoding's codings. */
const MAX_FIELD_BYTES = 128;
/** Answers whose head is all there is (RFC 9112 §6.3), whatever their framing says. */
const BODILESS_STATUSES = new Set([204, 304]);

/**
 * Where in an answer the next byte is. `line`: inside the status line or a field line; `cr`, `crlf`: after a
 * line's CR, or its CR LF, held back until the next byte says whether the line goes on (a fold), another
 * begins, or the head ends; `fold`: in the white space that opens a continuation line; `blank`: after the
 * CR of the empty line that ends the head.
 */
type HeadState = 'line' | 'cr' | 'crlf' | 'fold' | 'blank';

/**
 * RFC 9112 §5.2: a user agent that receives a field value folded onto further lines (obs-fold: CR LF then
 * a space or tab) MUST replace each fold with one or more spaces before reading the field. Chromium does
 * (checked), curl takes such an answer, Node's http client only under insecureHTTPParser; undici's llhttp
 * refuses the whole answer ("Unexpected whitespace after header value"), so every page of a site whose server or proxy
 * folds a long header (a Content-Type with its charset on the next line, a list of cache hops) was lost
 * as `fetch/protocol` on every try of every run.
 *
 * A fold (its CR LF and the white space after it) becomes one space, as Chromium reads it (`a\r\n  b` is
 * `a b`: a folded Location names the URL a browser follows). Only the
 * fields of a head are touched: the status line, and everything after the empty line that ends the final
 * head (interim 1xx heads are followed by another head), pass as they came; a body is never rewritten.
 * What is no fold (white space before the first field, a bare CR) is left for the parser to refuse.
 * A bare LF ends a head's line as CR LF does, and is handed on as CR LF: RFC 9112 §2.2 lets a recipient
 * take it so, and Chromium, Firefox and curl do, while llhttp refused the answer ("Missing expected CR"), so
 * every page of a server that writes its head with bare LFs (a hand-written CGI head, a small embedded
 * server) was lost as `fetch/protocol` on every try of every run.
 * The one status line byte rewritten is the last digit of an interim 100 (unasked-continue.ts). A body
 * the final head frames in chunks (and that its status and method let it have) goes through
 * chunk-size-lines.ts, which drops padding and extensions from its size lines and nothing else.
 */
export class HeadUnfolder {
  private inHead = false;
  private state: HeadState = 'line';
  private onStatusLine = true;
  private statusLine = '';
  /** A Content-Length given twice with one value is handed on once (length-lines.ts). */
  private readonly lengths = new LengthLines();
  /** The request the answer is to: a HEAD's answer has no body. */
  private method = 'GET';
  /** The field line so far (its first bytes), and whether the head frames its body in chunks. */
  private field: number[] = [];
  private chunked = false;
  /** The chunked body after the final head, its size lines read with their padding dropped (chunk-size-lines.ts). */
  private body: ChunkSizeLines | null = null;

  /** A request went out (or an interim answer ended): the next bytes are its answer's head. */
  expectHead(method = this.method): void {
    this.inHead = true;
    this.state = 'line';
    this.onStatusLine = true;
    this.statusLine = '';
    this.method = method;
    this.field = [];
    this.chunked = false;
    this.body = null;
    this.lengths.headStarted();
  }

  /** The bytes to hand the parser for `chunk`; a line end at its end is held until the next byte arrives. Never longer than the bytes held and `chunk`. */
  push(chunk: Buffer): Buffer {
    if (!this.inHead) return this.body?.reading ? this.body.push(chunk) : chunk;
    if (this.atHeadStart() && plainHeadEnd(chunk) >= 0) {
      // Handed on as it came, as the walk below would hand it: no fold, nothing merged, no body reader after it.
      this.inHead = false;
      return chunk;
    }
    // A held length line may be handed on whole, with a line end held before it; each bare LF goes on as two bytes.
    const out = Buffer.allocUnsafe(2 * chunk.length + 2 + this.lengths.heldBytes);
    let length = 0;
    const emit = (...bytes: number[]) => {
      for (const byte of bytes) out[length++] = byte;
    };
    let i = 0;
    for (; i < chunk.length && this.inHead; i++) this.step(chunk[i]!, emit);
    const rest = !this.inHead && this.body?.reading ? this.body.push(chunk.subarray(i)) : chunk.subarray(i);
    rest.copy(out, length);
    return out.subarray(0, length + rest.length);
  }

  /** No byte of the expected head has been read yet. */
  private atHeadStart(): boolean {
    return this.state === 'line' && this.onStatusLine && this.statusLine === '';
  }

  private step(byte: number, emit: (...bytes: number[]) => void): void {
    switch (this.state) {
      case 'line':
        if (byte === CR) this.state = 'cr';
        else if (byte === LF) this.state = 'crlf'; // a bare LF ends the line as CR LF does (RFC 9112 §2.2)
        else this.inLine(byte, emit);
        return;
      case 'cr':
        if (byte === LF) this.state = 'crlf';
        else {
          this.inLine(CR, emit);
          this.state = 'line';
          this.step(byte, emit);
        }
        return;
      case 'crlf':
        if (this.onStatusLine && this.statusLine === '') {
          // An empty line before the status line (a previous body's late line end), which the parser skips.
          emit(CR, LF);
          this.state = 'line';
          this.step(byte, emit);
        } else if ((byte === SP || byte === HT) && !this.onStatusLine) {
          this.fieldByte(SP, emit);
          this.state = 'fold';
        } else if (byte === CR || byte === LF) {
          if (this.lineEnded(emit)) emit(CR, LF);
          emit(CR);
          this.state = 'blank';
          if (byte === LF) this.step(LF, emit);
        } else {
          if (this.lineEnded(emit)) emit(CR, LF);
          this.onStatusLine = false;
          this.field = [];
          this.lengths.lineStarted();
          this.state = 'line';
          this.inLine(byte, emit);
        }
        return;
      case 'fold':
        if (byte === SP || byte === HT) return;
        this.state = 'line';
        this.step(byte, emit);
        return;
      case 'blank':
        emit(byte);
        if (byte === LF) this.headEnded();
        else this.state = 'line';
    }
  }

  private inLine(byte: number, emit: (...bytes: number[]) => void): void {
    if (!this.onStatusLine) return this.fieldByte(byte, emit);
    emit(continueAsProcessing(this.statusLine, byte));
    if (this.statusLine.length < 16) this.statusLine += String.fromCharCode(byte);
  }

  /** Whether the line that just ended keeps its line end (a repeated length line is dropped whole). */
  private lineEnded(emit: (...bytes: number[]) => void): boolean {
    if (this.onStatusLine) return true;
    const codings = /^transfer-encoding[ \t]*:(.*)$/i.exec(Buffer.from(this.field).toString('latin1'))?.[1];
    if (codings !== undefined) this.chunked = /(?:^|,)[ \t]*chunked[ \t]*$/i.test(codings);
    return this.lengths.lineEnded(emit);
  }

  private fieldByte(byte: number, emit: (...bytes: number[]) => void): void {
    if (this.field.length < MAX_FIELD_BYTES) this.field.push(byte);
    this.lengths.byte(byte, emit);
  }

  /** An interim answer (1xx but 101, after which the connection speaks another protocol) has a head after it. */
  private headEnded(): void {
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(this.statusLine)?.[1]);
    if (status >= 100 && status < 200 && status !== 101) return this.expectHead();
    this.inHead = false;
    const hasBody = status >= 200 && !BODILESS_STATUSES.has(status) && this.method !== 'HEAD' && this.method !== 'CONNECT';
    if (this.chunked && hasBody) this.body = new ChunkSizeLines();
  }
}

const unfolders = new WeakMap<Socket, HeadUnfolder>();

/**
 * Call as a request goes out on `socket` (undici writes its head right after): its answer's head is read
 * unfolded. undici reads a connection only through `socket.read()`, so that is where the bytes are
 * rewritten; cheap after the first call for the same connection.
 */
export function unfoldNextHead(socket: Socket | undefined, method: string): void {
  if (!socket) return;
  let unfolder = unfolders.get(socket);
  if (!unfolder) {
    const created = new HeadUnfolder();
    unfolders.set(socket, created);
    const read = socket.read;
    socket.read = function (this: Socket, size?: number) {
      const chunk: unknown = read.call(this, size);
      if (!Buffer.isBuffer(chunk)) return chunk;
      const handed = created.push(chunk);
      // Only held line-end bytes: nothing to parse yet; undici reads again when more arrives.
      return handed.length > 0 ? handed : null;
    } as Socket['read'];
    unfolder = created;
  }
  unfolder.expectHead(method);
}
