// One feed file on disk: opened to append or overwrite, written in flushes that each leave a complete file.
import { createHash } from 'node:crypto';
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PricecrawlError } from '../../core/errors';
import { MORE_FIELDS_COLUMN, parseCsvHeader } from './csv-format';
import { feedEncoder, isCsvEncoder, type FeedEncoder } from './feed-encoder';
import type { FeedSpec } from './feed-spec';
import { FeedWriteError } from './feed-write-error';

export class FeedUnusableError extends PricecrawlError {
  constructor(message: string) {
    super('EXPORT_FEED_UNUSABLE', message);
  }
}

/** Where one flush's records go in the file, and their sha1: noted before the write, checked against the file on resume. */
export interface FlushMark {
  at: number;
  bytes: number;
  sha1: string;
}

const sha1Of = (data: Buffer) => createHash('sha1').update(data).digest('hex');

/** How far back from the end an existing feed is read to find its closing bracket or tag. */
const TAIL_BYTES = 64 * 1024;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Each flush writes its records followed by the format's closing text (JSON's `]`, XML's `</items>`)
 * in one positional write over the previous closing text, then fsyncs. A write is never torn by a
 * killed process, so a JSON or XML feed is complete and parseable after every flush, also after kill -9.
 */
export class FeedFile {
  /** Byte offset where the next records go: the end of the records, before the closing text. */
  private dataEnd = 0;
  private hasRecords = false;
  /** An appended file whose last line lacks its newline (a foreign or torn file) gets one first. */
  private needsNewline = false;
  private encoder: FeedEncoder;

  private constructor(
    readonly spec: FeedSpec,
    private readonly file: FileHandle,
    private readonly csvColumns: string[] | null,
    /** The file's device and inode as opened: the path must still name it after each flush. */
    private readonly opened: { dev: number; ino: number },
  ) {
    this.encoder = feedEncoder(spec.format, csvColumns);
  }

  /** `csvColumns`: the header of a new CSV file when known up front (an export of a finished run). */
  static async open(spec: FeedSpec, csvColumns: string[] | null = null): Promise<FeedFile> {
    await mkdir(dirname(spec.path), { recursive: true }).catch((error: unknown) => unusable(spec, error));
    const file = await open(spec.path, spec.mode === 'overwrite' ? 'w+' : 'r+').catch((error: { code?: string }) =>
      error.code === 'ENOENT' ? open(spec.path, 'w+') : Promise.reject(error),
    ).catch((error: unknown) => unusable(spec, error));
    let feed: FeedFile;
    try {
      const { dev, ino } = await file.stat();
      feed = new FeedFile(spec, file, csvColumns, { dev, ino });
      await feed.inspect();
    } catch (error) {
      await file.close();
      // A new JSON or CSV feed's first write (its brackets, its header) meets a full disk as a flush does.
      throw error instanceof PricecrawlError ? error : FeedWriteError.of(spec.path, error);
    }
    return feed;
  }

  /** `beforeWrite`: told where the records go before they are written (a journal notes it), and may refuse the flush. */
  async append(records: readonly Record<string, unknown>[], beforeWrite?: (mark: FlushMark) => Promise<void>): Promise<void> {
    if (records.length === 0) return;
    let text = this.needsNewline ? '\n' : '';
    const startsCsv = isCsvEncoder(this.encoder) && !this.encoder.hasColumns;
    if (isCsvEncoder(this.encoder) && startsCsv) {
      this.encoder.columnsFor(records);
      text += this.encoder.header();
    }
    text += this.encoder.records(records, this.hasRecords);
    const data = Buffer.from(text);
    const bytes = Buffer.concat([data, Buffer.from(this.encoder.footer)]);
    // A CSV's first flush fixes its columns: failed, the next flush must write the header again.
    const unfix = () => void (startsCsv && (this.encoder = feedEncoder(this.spec.format, null)));
    await beforeWrite?.({ at: this.dataEnd, bytes: data.length, sha1: sha1Of(data) }).catch((error: unknown) => {
      unfix();
      throw error;
    });
    try {
      await this.writeAll(bytes, this.dataEnd);
    } catch (error) {
      // A write cut short (a full disk) may have left part of it: back to the last complete flush.
      await this.restoreEnd().catch(() => {});
      unfix();
      throw FeedWriteError.of(this.spec.path, error);
    }
    this.dataEnd += data.length;
    this.hasRecords = true;
    this.needsNewline = false;
    await this.file.datasync();
    await this.assertInPlace();
  }

  /**
   * A feed deleted or moved away while the crawl writes it (a clean-up job, a log rotation): every later flush
   * went into a file no path names, fsynced, and the run ended exit 0 saying "feeds written" with no feed
   * there. Checked after each flush, as a full disk is: the run's end names the feed and the export that writes it.
   */
  private async assertInPlace(): Promise<void> {
    const now = await stat(this.spec.path).catch(() => null);
    if (now !== null && now.dev === this.opened.dev && now.ino === this.opened.ino) return;
    throw FeedWriteError.moved(this.spec.path, now !== null);
  }

  /** Whether the file holds a flush's records where they were written (a later writer appends after them, never over them). */
  async holds(mark: FlushMark): Promise<boolean> {
    const data = Buffer.alloc(mark.bytes);
    const { bytesRead } = await this.file.read(data, 0, mark.bytes, mark.at);
    return bytesRead === mark.bytes && sha1Of(data) === mark.sha1;
  }

  /**
   * A write on a filling disk may be cut short without an error (the kernel writes what fits and says how
   * much): the rest is written after it, which then meets ENOSPC. Taken as whole, the feed's end moved past
   * the bytes on disk; the next append's failure cut the file back to that end, filling the gap with zeros
   * after a torn record, and an export whose last write was cut short renamed a torn file into place.
   */
  private async writeAll(bytes: Buffer, position: number): Promise<void> {
    for (let done = 0; done < bytes.length; ) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.length - done, position + done);
      if (bytesWritten === 0) throw Object.assign(new Error(`no byte of the feed's write reached ${this.spec.path}`), { code: 'ENOSPC' });
      done += bytesWritten;
    }
  }

  private async restoreEnd(): Promise<void> {
    await this.file.truncate(this.dataEnd);
    if (this.encoder.footer) await this.file.write(this.encoder.footer, this.dataEnd);
  }

  async close(): Promise<void> {
    await this.file.close();
  }

  /** Finds where records continue in the file as it is, refusing a file this format cannot be appended to. */
  private async inspect(): Promise<void> {
    const { size } = await this.file.stat();
    this.hasRecords = false;
    this.needsNewline = false;
    if (size === 0) {
      const start = this.encoder.header();
      await this.file.write(start + this.encoder.footer, 0);
      this.dataEnd = Buffer.byteLength(start);
      return;
    }
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail = Buffer.alloc(size - tailStart);
    await this.file.read(tail, 0, tail.length, tailStart);
    const format = this.spec.format;
    if (format === 'jsonl' || format === 'csv') {
      if (format === 'csv') await this.readCsvHeader();
      this.dataEnd = size;
      this.hasRecords = true;
      this.needsNewline = tail[tail.length - 1] !== 0x0a;
      return;
    }
    const closing = format === 'json' ? ']' : '</items>';
    let end = tail.length;
    while (end > 0 && isSpace(tail[end - 1])) end -= 1;
    const at = end - closing.length;
    if (at < 0 || tail.toString('utf8', at, end) !== closing) {
      throw new FeedUnusableError(`cannot append to ${this.spec.path}: it does not end with ${format === 'json' ? 'a JSON array\'s "]"' : 'an <items> feed\'s "</items>"'}; write a new one with -O ${this.spec.path}`);
    }
    if (format === 'xml') {
      this.dataEnd = tailStart + at;
      return;
    }
    let last = at;
    while (last > 0 && isSpace(tail[last - 1])) last -= 1;
    this.dataEnd = tailStart + last;
    this.hasRecords = tail[last - 1] !== 0x5b; // '['
  }

  private async readCsvHeader(): Promise<void> {
    const head = Buffer.alloc(TAIL_BYTES);
    const { bytesRead } = await this.file.read(head, 0, head.length, 0);
    const columns = parseCsvHeader(head.toString('utf8', 0, bytesRead));
    if (!columns || columns.at(-1) !== MORE_FIELDS_COLUMN) {
      throw new FeedUnusableError(`cannot append to ${this.spec.path}: its header is not a pricecrawl CSV feed's (the last column is not ${MORE_FIELDS_COLUMN}); write a new one with -O ${this.spec.path}`);
    }
    this.encoder = feedEncoder('csv', columns);
  }
}

function unusable(spec: FeedSpec, error: unknown): never {
  const reason = (error as { code?: string }).code ?? (error as Error).message;
  throw new FeedUnusableError(`cannot open the feed ${spec.path} (${reason}): choose a writable path`);
}
