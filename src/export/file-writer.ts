// Streams text to a file with backpressure and moves it into place only once it is complete.
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';

/**
 * Writes to `<path>.partial` and renames on commit, so a crashed or failed export never leaves a
 * truncated feed where a consumer would pick it up.
 */
export class AtomicFileWriter {
  private readonly partialPath: string;
  private stream: WriteStream | null = null;

  constructor(readonly path: string) {
    this.partialPath = `${path}.partial`;
  }

  async open(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    this.stream = createWriteStream(this.partialPath, { encoding: 'utf8' });
    await once(this.stream, 'open');
  }

  /** Waits for 'drain' when the stream's buffer is full: memory stays bounded on big exports. */
  async write(text: string): Promise<void> {
    const stream = this.requireStream();
    if (!stream.write(text)) await once(stream, 'drain');
  }

  async commit(): Promise<void> {
    const stream = this.requireStream();
    stream.end();
    await once(stream, 'finish');
    this.stream = null;
    await rename(this.partialPath, this.path);
  }

  async abort(): Promise<void> {
    this.stream?.destroy();
    this.stream = null;
    await rm(this.partialPath, { force: true });
  }

  private requireStream(): WriteStream {
    if (!this.stream) throw new Error(`export file ${this.path} is not open`);
    return this.stream;
  }
}
