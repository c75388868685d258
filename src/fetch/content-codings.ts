// The content and transfer codings an answer's headers name, read into the layers a body reader undoes.
import { FetchError } from '../core/errors';

export type Coding = 'gzip' | 'deflate' | 'br';
/** A Content-Encoding token that names no coding at all ("UTF-8", "none", "text"): a server's mistake, see body-reader.ts `undoLayer`. */
interface NotACoding {
  notACoding: string;
}
export type Layer = Coding | NotACoding;

export const CODINGS: Record<string, Coding> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate', br: 'br' };
/** The codings of IANA's HTTP Content Coding registry we do not undo: their output is binary, never a page we can read. */
const UNDONE_CODINGS = new Set(['zstd', 'compress', 'x-compress', 'dcb', 'dcz', 'aes128gcm', 'exi', 'pack200-gzip']);

export function parseContentEncoding(header: string | undefined): Layer[] {
  return codingNames(header).map((name) => (CODINGS[name] || UNDONE_CODINGS.has(name) ? parseCodings([name], 'Content-Encoding')[0]! : { notACoding: name }));
}

/**
 * The transfer codings still on a body whose framing undici has read. A server may compress in transit
 * ("Transfer-Encoding: gzip, chunked", or "gzip" alone, then delimited by the close, RFC 9112 §6.3) even
 * though we sent no TE header; undici strips only the chunked framing, and the gzip bytes were kept as the
 * page. The same codings as Content-Encoding apply (RFC 9112 §7); chunked anywhere but last is not a
 * framing undici read, so the bytes are still chunk-framed and no page.
 */
export function parseTransferEncoding(header: string | undefined): Coding[] {
  const names = codingNames(header);
  if (names.at(-1) === 'chunked') names.pop();
  if (names.includes('chunked')) throw new FetchError('FETCH_PROTOCOL', `Transfer-Encoding "${header}" applies chunked before another coding`);
  return parseCodings(names, 'Transfer-Encoding');
}

function codingNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(',').map((token) => token.trim().toLowerCase()).filter((name) => name !== '' && name !== 'identity');
}

function parseCodings(names: string[], headerName: string): Coding[] {
  return names.map((name) => {
    const coding = CODINGS[name];
    // Not `fetch/decompress`, which is retried: the server sends the coding it chose to every try (zstd to
    // a client that offered gzip, deflate and br), and the ledger then showed retry/exhausted.
    if (!coding) throw new FetchError('FETCH_UNSUPPORTED_CODING', `unsupported ${headerName} "${name}"; we decode ${Object.keys(CODINGS).join(', ')}`);
    return coding;
  });
}
