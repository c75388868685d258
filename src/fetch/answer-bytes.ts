// Counts the bytes a connection brings for one answer, so bytes past its Content-Length are seen when undici drops them.
import type { Socket } from 'node:net';

/** Past this, an answer's head is not looked for (undici refuses far shorter heads anyway). */
const MAX_HEAD_BYTES = 2 * 1024 * 1024;
/** The last bytes received are kept: line ends past the length (old CGI scripts write one) are no more body. */
const KEPT_TAIL_BYTES = 16;
const HEAD_END = '\r\n\r\n';

/** The tally of the answer each connection is carrying now: one listener per connection at most. */
const current = new WeakMap<Socket, AnswerBytes>();

/**
 * A connection that is not kept alive (`Connection: close`, HTTP/1.0) is closed by undici as soon as the
 * declared Content-Length has been read, and the rest of what the same read brought is dropped with it: a
 * length short of the body (a server counting characters, not bytes) gave the cut body as whole, where a
 * kept-alive connection reads those bytes as a broken next answer (body-end-check.ts). This watches the
 * bytes as undici reads them (a `data` listener on a socket read through `readable` does not change how
 * it is read), from the request's send on, and knows where the answer's head ended.
 */
export class AnswerBytes {
  private received = 0;
  /** Bytes up to the end of the final (non-1xx) head, once seen. */
  private headEnd: number | null = null;
  private head = '';
  private tail = Buffer.alloc(0);
  private readonly onData = (chunk: Buffer) => this.take(chunk);

  private constructor(private readonly socket: Socket) {}

  /** Call when the request has gone out on `socket`, before any byte of its answer can arrive. */
  static watch(socket: Socket): AnswerBytes {
    current.get(socket)?.stop();
    const tally = new AnswerBytes(socket);
    current.set(socket, tally);
    socket.on('data', tally.onData);
    return tally;
  }

  stop(): void {
    this.socket.off('data', this.onData);
    if (current.get(this.socket) === this) current.delete(this.socket);
  }

  /**
   * Bytes received past a body of `length` bytes, line ends aside; 0 when there are none, null when the
   * answer's head was never seen (nothing can be told).
   */
  bytesPastBody(length: number): number | null {
    if (this.headEnd === null) return null;
    const past = this.received - this.headEnd - length;
    if (past <= 0) return 0;
    if (past > this.tail.length) return past;
    const extra = this.tail.subarray(this.tail.length - past);
    return extra.every((byte) => byte === 0x0d || byte === 0x0a) ? 0 : past;
  }

  private take(chunk: Buffer): void {
    const before = this.received;
    this.received += chunk.length;
    this.tail = Buffer.concat([this.tail, chunk.subarray(Math.max(0, chunk.length - KEPT_TAIL_BYTES))]).subarray(-KEPT_TAIL_BYTES);
    if (this.headEnd !== null || this.head.length > MAX_HEAD_BYTES) return;
    const start = before - this.head.length;
    this.head += chunk.toString('latin1');
    this.findHeadEnd(start);
  }

  /**
   * Skips 1xx heads (100 Continue, 103 Early Hints): the answer's head is the first other one. Line ends
   * before a head (the late CRLF an old CGI script writes after its body) are not one.
   */
  private findHeadEnd(start: number): void {
    for (;;) {
      const lineEnds = /^[\r\n]*/.exec(this.head)![0].length;
      const end = this.head.indexOf(HEAD_END, lineEnds);
      if (end < 0) return;
      const length = end + HEAD_END.length;
      if (!/^[\r\n]*HTTP\/\d\.\d 1\d\d/.test(this.head)) {
        this.headEnd = start + length;
        this.head = '';
        return;
      }
      this.head = this.head.slice(length);
      start += length;
    }
  }
}
