// Raw bodies are stored as the same gzip bytes however the compression is driven, and read back as they came.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBlob, decompressBlob } from '../../storage/blob-compression';

/** Markup of `size` bytes that compresses as pages do (repeated tags, varied numbers). */
function markup(size: number): Buffer {
  const parts: string[] = [];
  for (let i = 0; parts.join('').length < size; i++) parts.push(`<div class="r${i % 13}"><p>Item ${(i * 7919) % 1000}: ${i % 97}.99 €</p></div>\n`);
  return Buffer.from(parts.join('')).subarray(0, size);
}

describe('blob compression', () => {
  it('gives the bytes of a one-shot gzip at level 1 (what blobs stored before hold), and reads them back: empty, tiny, page-sized, past the output chunk, incompressible', async () => {
    const bodies = [Buffer.alloc(0), Buffer.from('a'), markup(27_000), markup(16_384), markup(300_000), randomBytes(70_000), Buffer.concat([randomBytes(20_000), markup(40_000)])];
    for (const body of bodies) {
      const stored = await compressBlob(body);
      expect(stored.equals(gzipSync(body, { level: 1 })), `${body.length} bytes`).toBe(true);
      expect((await decompressBlob(stored)).equals(body)).toBe(true);
    }
  });
});

describe('blob compression under load', () => {
  it('compresses many bodies offered at once (more than go to the thread pool together), each to its own bytes', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => markup(1_000 + i * 701));
    const stored = await Promise.all(bodies.map((body) => compressBlob(body)));
    stored.forEach((gzip, i) => expect(gzip.equals(gzipSync(bodies[i]!, { level: 1 })), `body ${i}`).toBe(true));
  });
});
