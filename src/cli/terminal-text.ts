// What commands print of a body: binary bodies as a digest; text through the terminal-safe filters (src/core/terminal-safe.ts).
import { createHash } from 'node:crypto';

export { terminalLine, terminalSafe, terminalSafeJson } from '../core/terminal-safe';

const TEXT_TYPE = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|x-www-form-urlencoded)\b)/i;

/** A body that is not text: a non-text media type, or NUL bytes in its first 8 KiB (what `file` and git look for). */
export function isBinaryBody(body: Buffer, contentType: string): boolean {
  if (contentType !== '' && !TEXT_TYPE.test(contentType.trim())) return true;
  return body.subarray(0, 8192).includes(0);
}

/** What to print instead of a binary body's bytes. */
export function binaryDigest(body: Buffer): string {
  return `binary, ${body.length} bytes, sha256 ${createHash('sha256').update(body).digest('hex')}`;
}
