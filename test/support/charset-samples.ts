// Pages in legacy charsets written as literal bytes (not produced by the decoder under test).

export type CharsetSample = 'win1252' | 'sjis';
/** Where the page declares its charset; `lying`: header says utf-8, meta names the real charset. */
export type Declaration = 'header' | 'meta' | 'http-equiv' | 'xml' | 'none' | 'lying';

/** What the price paragraph reads once decoded correctly. */
export const SAMPLE_TEXT: Record<CharsetSample, string> = {
  win1252: '€ 12,99 – Café crème',
  sjis: '価格: 1,980円',
};

const DEFAULT_LABEL: Record<CharsetSample, string> = { win1252: 'windows-1252', sjis: 'Shift_JIS' };

/**
 * windows-1252: € is 0x80, é 0xE9, è 0xE8, the en dash 0x96 (latin1 strings map char codes to bytes 1:1).
 * Shift_JIS: 価 0x89 0xBF, 格 0x8A 0x69, 円 0x89 0x7E.
 */
function sampleBytes(sample: CharsetSample): Buffer {
  if (sample === 'win1252') return Buffer.from('\x80 12,99 \x96 Caf\xe9 cr\xe8me', 'latin1');
  return Buffer.concat([Buffer.from([0x89, 0xbf, 0x8a, 0x69]), Buffer.from(': 1,980'), Buffer.from([0x89, 0x7e])]);
}

export interface CharsetPage {
  contentType: string;
  body: Buffer;
}

export function charsetPage(sample: CharsetSample, declaration: Declaration, label = DEFAULT_LABEL[sample]): CharsetPage {
  const meta =
    declaration === 'meta' || declaration === 'lying'
      ? `<meta charset="${label}">`
      : declaration === 'http-equiv'
        ? `<meta http-equiv="Content-Type" content="text/html; charset=${label}">`
        : '';
  const contentType =
    declaration === 'header'
      ? `text/html; charset=${label}`
      : declaration === 'lying'
        ? 'text/html; charset=utf-8'
        : declaration === 'xml'
          ? 'application/xhtml+xml'
          : 'text/html';
  const prolog = declaration === 'xml' ? `<?xml version="1.0" encoding="${label}"?>\n` : '';
  const head = Buffer.from(`${prolog}<!DOCTYPE html><html><head>${meta}<title>sample</title></head><body><p class="price">`);
  const tail = Buffer.from('</p></body></html>');
  return { contentType, body: Buffer.concat([head, sampleBytes(sample), tail]) };
}
