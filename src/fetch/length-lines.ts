// Merges a Content-Length an answer's head gives more than once with one value into one line, before undici's parser refuses the head.
const NAME = 'content-length:';
/** Longer than any length line of one value (a name, white space and 20 digits): such a line is passed on as it came. */
const MAX_HELD_BYTES = 96;

/**
 * RFC 9110 §8.6: a Content-Length given twice (an application's header and its proxy's), or as a list
 * (`26, 26`), all with one value, MAY be read as that one length; Chromium and Firefox do. undici's llhttp
 * refuses such a head, so every page of a site behind such a proxy was lost as `fetch/protocol` on every
 * run. The field lines of a head pass through here: a line that may still be a Content-Length is held until
 * it ends; the first one of one value goes on (a list as `content-length: <value>`), a later one of the
 * same value is dropped. Values that disagree, or are no length, go on as they came, for the parser to refuse.
 */
export class LengthLines {
  private held: number[] = [];
  /** The line so far may be a Content-Length line. */
  private holding = false;
  /** The length this head gave already. */
  private length: string | null = null;

  /** Bytes held back so far: those of a line that may still be a Content-Length. */
  get heldBytes(): number {
    return this.held.length;
  }

  /** A head begins. */
  headStarted(): void {
    this.length = null;
  }

  /** A field line begins. */
  lineStarted(): void {
    this.held = [];
    this.holding = true;
  }

  /** A byte of the field line (a fold's space included). */
  byte(byte: number, emit: (...bytes: number[]) => void): void {
    if (!this.holding) return emit(byte);
    this.held.push(byte);
    const at = this.held.length - 1;
    const named = at < NAME.length ? asciiLower(byte) === NAME.charCodeAt(at) : this.held.length <= MAX_HELD_BYTES;
    if (!named) this.release(emit);
  }

  /** The field line ended; whether its line end is to be handed on (false: the line was dropped). */
  lineEnded(emit: (...bytes: number[]) => void): boolean {
    if (!this.holding) return true;
    this.holding = false;
    const line = Buffer.from(this.held).toString('latin1');
    const value = line.length >= NAME.length ? oneValue(line.slice(NAME.length)) : null;
    if (value === null || (this.length !== null && value !== this.length)) {
      this.release(emit);
      return true;
    }
    if (this.length === value) return false;
    this.length = value;
    if (line.includes(',')) emit(...Buffer.from(`content-length: ${value}`, 'latin1'));
    else this.release(emit);
    return true;
  }

  private release(emit: (...bytes: number[]) => void): void {
    this.holding = false;
    emit(...this.held);
    this.held = [];
  }
}

/** The one length a field value (`26`, `26, 26`) names, or null for a value of another form or of two. */
function oneValue(fieldValue: string): string | null {
  // Spaces and tabs only: a bare CR or LF in the line is the parser's to refuse.
  const values = fieldValue.split(',').map((part) => part.replace(/^[ \t]+|[ \t]+$/g, ''));
  const first = values[0]!;
  return /^\d{1,20}$/.test(first) && values.every((value) => value === first) ? first : null;
}

/** A to Z as a to z, every other byte as it is: the name's test without a string per byte of every field line. */
function asciiLower(byte: number): number {
  return byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte;
}
