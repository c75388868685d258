// Currency signs a wrong charset turned into letters ("â‚¬" is a UTF-8 "€" read as windows-1252).
import iconv from 'iconv-lite';
import { CURRENCY_SYMBOLS } from './currencies';

/**
 * Each non-ASCII sign of the symbol table as its UTF-8 bytes read one byte per character, in the two
 * ways pages get it wrong: windows-1252 ("â‚¬") and ISO-8859-1 proper, where 0x80–0x9F are C1 controls.
 */
const MISDECODED: ReadonlyMap<string, string> = new Map(
  Object.keys(CURRENCY_SYMBOLS)
    .filter((sign) => /[^\x00-\x7F]/.test(sign))
    .flatMap((sign) => {
      const bytes = Buffer.from(sign, 'utf8');
      // iconv, not TextDecoder: Node's TextDecoder reads windows-1252 as ISO-8859-1 (0x82 stays U+0082).
      return [[iconv.decode(bytes, 'windows-1252'), sign], [bytes.toString('latin1'), sign]] as Array<[string, string]>;
    })
    // Longest first: "zÅ‚" before a shorter form inside it.
    .sort(([a], [b]) => b.length - a.length),
);

/** Every misdecoded form starts with the reading of a UTF-8 lead byte (0xC2–0xF4): a cheap first test. */
const LEAD = /[\u00C2-\u00F4]/;

/** The sign `text` holds in misdecoded form, as shown and as meant, or null. */
export function misdecodedSign(text: string): { shown: string; sign: string } | null {
  if (!LEAD.test(text)) return null;
  for (const [shown, sign] of MISDECODED) if (text.includes(shown)) return { shown, sign };
  return null;
}
