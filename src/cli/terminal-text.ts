// What commands print of a body: binary bodies as a digest; text through the terminal-safe filters (src/core/terminal-safe.ts).
import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import { maskSecrets, maskSecretsInInspected, maskSecretsInText } from '../core/mask-secrets';
import { terminalLines, terminalSafe } from '../core/terminal-safe';

export { terminalLine, terminalLines, terminalSafe, terminalSafeJson } from '../core/terminal-safe';

/**
 * Text a command prints that may quote URLs (the page it fetched, where it was sent, a driver's error
 * with its connection URL): credentials and tokens masked, then made safe for a terminal. Screens are
 * recorded, shared and kept in CI logs like any file.
 */
export function shownText(text: string): string {
  return terminalSafe(maskSecretsInText(text));
}

/** Lines a command prints that may quote URLs (a callback's error, a page it fetched): shownText, each kept on its one line (terminalLines). */
export function shownLines(lines: readonly string[]): string {
  return terminalLines(lines.map(maskSecretsInText));
}

/**
 * A value as the shell's REPL prints it (util.inspect, no colours: they are escape sequences too): masked first as
 * `settings` masks its output (maskSecrets: a header map's values by their credential shape, whatever the header's
 * name), then its text as shownText is, for what the walk does not enter (a CrawlResponse, an error).
 */
export function shownValue(value: unknown): string {
  return terminalSafe(maskSecretsInInspected(inspect(maskSecrets(value), { colors: false })));
}

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
