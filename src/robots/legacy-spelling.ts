// A path whose escaped bytes are not UTF-8 (a Latin-1 file's Disallow, a legacy server's link) spelt in UTF-8, so a Disallow meets the page either way.
import { decodeText } from '../fetch/text-decoders';
import { normalizePath } from './path-pattern';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** A run of percent-escaped bytes at or above 0x80 in a normalised path (normalizePath writes upper-case hex). */
const HIGH_ESCAPES = /(?:%[89A-F][0-9A-F])+/g;

/**
 * The normalised path with each run of escaped bytes that is not well-formed UTF-8 read as windows-1252 and
 * escaped as UTF-8 (`/f%FCr` → `/f%C3%BCr`), or null when every run is UTF-8 already. RFC 9309 wants the
 * file in UTF-8; a shop whose file is Latin-1 still means `/für/` by `Disallow: /f\xFCr/`, while its links
 * say `/f%C3%BCr/`: read only as the byte (as Google does) the Disallow kept nobody out. A rule escaped by
 * hand (`Disallow: /f%FCr/`) reads the same: a Latin-1 escape names the same letter. The other way round, a
 * legacy server's link `/f%FCr/1` is the page a UTF-8 file's `Disallow: /für/` names. Only Disallow
 * lines are matched so (robots-rules.ts): an Allow is never widened by a guess.
 */
export function latin1Spelling(path: string): string | null {
  let changed = false;
  const spelt = path.replace(HIGH_ESCAPES, (run) => {
    const bytes = Buffer.from(run.replaceAll('%', ''), 'hex');
    if (isUtf8(bytes)) return run;
    changed = true;
    // windows-1252 is what the Encoding Standard (and every browser) reads a `latin1` label as. Not Node's
    // TextDecoder under that name: it reads 0x80-0x9F as C1 controls, so a file's `œ` (0x9C) or `€` (0x80)
    // named `/%C2%9C`, a page no link spells, and the Disallow of `/c\x9Cur/` kept nobody out of `/cœur/`.
    return normalizePath(decodeText(bytes, 'windows-1252'));
  });
  return changed ? spelt : null;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
