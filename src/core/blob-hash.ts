// The key of a stored raw response: the sha256 hex of its exact bytes, the same in every blob backend and in the fetch log.
import { createHash } from 'node:crypto';

const HASH = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function isBlobHash(text: string): boolean {
  return HASH.test(text);
}
