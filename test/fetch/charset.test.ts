// Charset detection and decoding on real bytes: BOM > header > meta/XML declaration > utf-8.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBody, decodeText, detectCharset, sniffCharset } from '../../src/fetch/charset';
import { resolveCharsetLabel } from '../../src/fetch/charset-labels';
import { charsetPage, SAMPLE_TEXT } from '../support/charset-samples';

const priceOf = (text: string): string | undefined => /<p class="price">([^<]*)<\/p>/.exec(text)?.[1];

describe('UTF-8 bytes declared as a single-byte charset', () => {
  const page = (meta = '') => Buffer.from(`<html><head>${meta}</head><body><h1>Café crème</h1><p class="price">12,99 €</p></body></html>`, 'utf8');

  it.each([
    ['a header', 'text/html; charset=iso-8859-1', ''],
    ['a header', 'text/html; charset=windows-1250', ''],
    ['a meta', 'text/html', '<meta charset="windows-1252">'],
  ])('are read as UTF-8 when %s declares %s (the € stays a €, not "â‚¬")', (_by, contentType, meta) => {
    const decoded = decodeBody(page(meta), contentType);
    expect([decoded.encoding, decoded.source]).toEqual(['utf-8', 'utf8-bytes']);
    expect(priceOf(decoded.text)).toBe('12,99 €');
  });

  it('genuine windows-1252 text (invalid UTF-8) and plain ASCII keep the declared charset', () => {
    const { contentType, body } = charsetPage('win1252', 'header');
    expect(decodeBody(body, contentType)).toMatchObject({ encoding: 'windows-1252', source: 'header' });
    expect(sniffCharset('text/html; charset=iso-8859-1', Buffer.from('<p>12.99 EUR</p>'))).toMatchObject({ encoding: 'windows-1252', source: 'header' });
  });

  it('a multi-byte declaration is not second-guessed', () => {
    expect(sniffCharset('text/html; charset=shift_jis', page())).toMatchObject({ encoding: 'shift_jis', source: 'header' });
  });
});

describe('windows-1252', () => {
  it('raw bytes are what the test claims (€ = 0x80, é = 0xE9)', () => {
    const { body } = charsetPage('win1252', 'header');
    expect(body.includes(Buffer.from([0x80]))).toBe(true);
    expect(body.includes(Buffer.from([0xe9]))).toBe(true);
  });

  it.each(['header', 'meta', 'http-equiv', 'xml'] as const)('decodes when declared by %s', (declaration) => {
    const { contentType, body } = charsetPage('win1252', declaration);
    const decoded = decodeBody(body, contentType);
    expect(decoded.encoding).toBe('windows-1252');
    expect(priceOf(decoded.text)).toBe(SAMPLE_TEXT.win1252);
  });

  it.each(['latin1', 'ISO-8859-1', 'ascii', 'us-ascii', 'cp1252', '"iso-8859-1"'])('label %s means windows-1252 (as in browsers)', (label) => {
    const { contentType, body } = charsetPage('win1252', 'header', label);
    const decoded = decodeBody(body, contentType);
    expect(decoded.encoding).toBe('windows-1252');
    expect(priceOf(decoded.text)).toBe(SAMPLE_TEXT.win1252);
  });
});

describe('Shift_JIS', () => {
  it.each([
    ['header', 'Shift_JIS'],
    ['meta', 'sjis'],
    ['meta', 'x-sjis'],
    ['http-equiv', 'shift-jis'],
    ['header', 'windows-31j'],
  ] as const)('decodes 価格 and 円 when declared by %s as %s', (declaration, label) => {
    const { contentType, body } = charsetPage('sjis', declaration, label);
    const decoded = decodeBody(body, contentType);
    expect(decoded.encoding).toBe('shift_jis');
    expect(priceOf(decoded.text)).toBe('価格: 1,980円');
  });
});

describe('precedence', () => {
  it('a UTF-8 BOM beats a header that says otherwise, and is not part of the text', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p class="price">12,99 €</p>', 'utf8')]);
    const decoded = decodeBody(body, 'text/html; charset=windows-1252');
    expect(decoded).toMatchObject({ encoding: 'utf-8', source: 'bom' });
    expect(decoded.text.startsWith('<p')).toBe(true);
    expect(priceOf(decoded.text)).toBe('12,99 €');
  });

  it.each([
    ['utf-16le', [0xff, 0xfe]],
    ['utf-16be', [0xfe, 0xff]],
  ] as const)('a %s BOM is honoured', (encoding, bom) => {
    const units = Buffer.from('<p class="price">¥1,980</p>', 'utf16le');
    if (encoding === 'utf-16be') units.swap16();
    const decoded = decodeBody(Buffer.concat([Buffer.from(bom), units]), 'text/html; charset=utf-8');
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.text).toBe('<p class="price">¥1,980</p>');
  });

  it('the header beats the meta tag', () => {
    const { body } = charsetPage('win1252', 'meta', 'shift_jis');
    const decoded = decodeBody(body, 'text/html; charset=windows-1252');
    expect(decoded).toMatchObject({ encoding: 'windows-1252', source: 'header' });
    expect(priceOf(decoded.text)).toBe(SAMPLE_TEXT.win1252);
  });

  it('a lying header (utf-8) still wins over the meta tag (windows-1252), as browsers do', () => {
    const { contentType, body } = charsetPage('win1252', 'lying');
    expect(contentType).toBe('text/html; charset=utf-8');
    const decoded = decodeBody(body, contentType);
    expect(decoded).toMatchObject({ encoding: 'utf-8', source: 'header' });
    expect(decoded.text).toContain('\ufffd');
    expect(decoded.text).not.toContain('€');
  });

  it('no declaration at all decodes as utf-8', () => {
    const { contentType, body } = charsetPage('win1252', 'none');
    expect(sniffCharset(contentType, body)).toEqual({ encoding: 'utf-8', source: 'default', unknownLabels: [] });
    expect(sniffCharset(undefined, Buffer.from('plain'))).toMatchObject({ encoding: 'utf-8', source: 'default' });
    const utf8 = Buffer.from('<p class="price">Café 12,99 €</p>');
    expect(priceOf(decodeBody(utf8, undefined).text)).toBe('Café 12,99 €');
  });
});

describe('unknown and odd labels', () => {
  it('an unknown header label is reported and skipped; the meta tag then decides', () => {
    const { body } = charsetPage('win1252', 'meta');
    const decoded = decodeBody(body, 'text/html; charset=x-no-such-charset');
    expect(decoded).toMatchObject({ encoding: 'windows-1252', source: 'meta', unknownLabels: ['x-no-such-charset'] });
    expect(priceOf(decoded.text)).toBe(SAMPLE_TEXT.win1252);
  });

  it('unknown labels everywhere fall back to utf-8, reported, and the body still decodes', () => {
    const body = Buffer.from('<meta charset="klingon-8"><p class="price">12,99 €</p>');
    const decoded = decodeBody(body, 'text/html; charset=bogus');
    expect(decoded).toMatchObject({ encoding: 'utf-8', source: 'default', unknownLabels: ['bogus', 'klingon-8'] });
    expect(priceOf(decoded.text)).toBe('12,99 €');
  });

  it('a meta tag inside a comment, a script, a title or an attribute value does not count', () => {
    const { body } = charsetPage('win1252', 'none');
    for (const hiding of ['<!-- <meta charset="windows-1252"> -->', `<script>var m = '<meta charset="windows-1252">';</script>`, '<title><meta charset=windows-1252></title>', `<a title='<meta charset="windows-1252">'>x</a>`]) {
      expect(detectCharset('text/html', Buffer.concat([Buffer.from(hiding), body]))).toBe('utf-8');
    }
  });

  it('a meta anywhere in the head counts, however far in (as in Chromium); past the first 1 KiB of a begun body it does not', () => {
    const { body } = charsetPage('win1252', 'none');
    const longHead = Buffer.concat([Buffer.from(`<!DOCTYPE html><head><style>${'a{b:c}'.repeat(2000)}</style><meta charset="windows-1252">`), body]);
    expect(sniffCharset('text/html', longHead)).toMatchObject({ encoding: 'windows-1252', source: 'meta' });
    const lateInBody = Buffer.concat([Buffer.from(`<!DOCTYPE html><body><p>${'x'.repeat(1024)}</p><meta charset="windows-1252">`), body]);
    expect(detectCharset('text/html', lateInBody)).toBe('utf-8');
  });

  it('a meta naming utf-16 means utf-8 (an ASCII scan found it)', () => {
    expect(detectCharset('text/html', Buffer.from('<meta charset="utf-16"><p>x</p>'))).toBe('utf-8');
  });

  // A server that labels everything `charset=utf-16` (IIS's "Unicode") in front of a UTF-8 shop: read as
  // UTF-16 the markup became CJK characters, not one tag or price left. UTF-16 of markup has a zero byte in
  // every ASCII character; bytes with none that are valid UTF-8 are UTF-8.
  it('a header naming utf-16 over UTF-8 bytes (no zero byte, no BOM) is utf-8; real UTF-16 stays UTF-16', () => {
    const page = '<html><body><p class="price">12,99 €</p></body></html>';
    expect(sniffCharset('text/html; charset=utf-16', Buffer.from(page))).toMatchObject({ encoding: 'utf-8', source: 'utf8-bytes' });
    expect(decodeBody(Buffer.from(page), 'text/html; charset=utf-16be').text).toBe(page);
    expect(decodeBody(Buffer.from(page, 'utf16le'), 'text/html; charset=utf-16').text).toBe(page);
    // Chinese text alone has no zero byte in UTF-16, but is no valid UTF-8.
    expect(decodeBody(Buffer.from('价格十二元', 'utf16le'), 'text/plain; charset=utf-16le').text).toBe('价格十二元');
  });

  it('reads quoted header parameters and unquoted, reordered meta attributes', () => {
    expect(detectCharset('text/html; charset="Shift_JIS"', Buffer.alloc(0))).toBe('shift_jis');
    expect(detectCharset('text/html', Buffer.from("<META CONTENT='text/html;charset=euc-jp' HTTP-EQUIV=Content-Type>"))).toBe('euc-jp');
    expect(detectCharset('text/html', Buffer.from('<meta name=x charset=koi8-r>'))).toBe('koi8-r');
  });

  it('maps WHATWG labels to decodable encodings', () => {
    expect(resolveCharsetLabel(' Latin1 ')).toBe('windows-1252');
    expect(resolveCharsetLabel('iso-8859-9')).toBe('windows-1254');
    expect(resolveCharsetLabel('GB2312')).toBe('gbk');
    expect(resolveCharsetLabel('ks_c_5601-1987')).toBe('euc-kr');
    expect(resolveCharsetLabel('iso8859-15')).toBe('iso-8859-15');
    expect(resolveCharsetLabel('x-mac-cyrillic')).toBe('x-mac-cyrillic');
    expect(resolveCharsetLabel('utf-7')).toBeNull();
  });
});

describe('a Content-Type sent twice (joined by commas)', () => {
  const russian = iconv.encode('<p class="price">Цена 1 299 руб.</p>', 'windows-1251');

  it('the last charset of the last type counts, as in browsers (Fetch: extract a MIME type)', () => {
    expect(decodeBody(russian, 'text/html; charset=utf-8, text/html; charset=windows-1251')).toMatchObject({ encoding: 'windows-1251', source: 'header' });
    expect(priceOf(decodeBody(russian, 'text/html; charset=UTF-8, text/html; charset="cp1251"').text)).toBe('Цена 1 299 руб.');
  });

  it('a later value of the same type without a charset keeps it; one of another type drops it', () => {
    expect(detectCharset('text/html; charset=windows-1251, text/html', russian)).toBe('windows-1251');
    expect(detectCharset('text/html; charset=windows-1251, text/plain', russian)).toBe('utf-8');
    expect(detectCharset('text/html; charset=windows-1251, */*', russian)).toBe('windows-1251');
  });
});

describe('encodings iconv-lite has no codec for', () => {
  // ISO-2022-JP as its encoder writes it: ESC $ B switches to JIS X 0208, ESC ( B back to ASCII.
  const jis = (codes: string) => Buffer.from(`\x1b$B${codes}\x1b(B`, 'latin1');
  const fullWidthPrice = jis('#1#2!$#8#0#01_'); // "１２，８００円"

  it('ISO-2022-JP decodes (a full-width price), never as utf-8 with its JIS pairs as ASCII digits', () => {
    const decoded = decodeBody(fullWidthPrice, 'text/html; charset=ISO-2022-JP');
    expect(decoded).toMatchObject({ encoding: 'iso-2022-jp', source: 'header', unknownLabels: [] });
    expect(decoded.text).toBe('１２，８００円');
    expect(decodeBody(Buffer.concat([Buffer.from('<meta charset="csISO2022JP">'), fullWidthPrice]), 'text/html').text).toContain('１２，８００円');
  });

  it('the labels browsers decode as "replacement" (ISO-2022-KR, HZ) give one U+FFFD: no text, so no price', () => {
    for (const label of ['iso-2022-kr', 'HZ-GB-2312', 'iso-2022-cn']) {
      const decoded = decodeBody(fullWidthPrice, `text/html; charset=${label}`);
      expect(decoded).toMatchObject({ encoding: 'replacement', unknownLabels: [] });
      expect(decoded.text).toBe('\uFFFD');
    }
  });

  it('x-user-defined keeps ASCII and moves the high bytes to private use; named by a meta it is windows-1252', () => {
    const body = Buffer.from('<p>12,99 \x80</p>', 'latin1');
    expect(decodeBody(body, 'text/html; charset=x-user-defined').text).toBe('<p>12,99 \uF780</p>');
    expect(decodeBody(Buffer.concat([Buffer.from('<meta charset="x-user-defined">'), body]), 'text/html').text).toContain('12,99 €');
  });

  it('every encoding a label resolves to decodes', () => {
    for (const label of ['iso-2022-jp', 'replacement', 'x-user-defined', 'x-mac-cyrillic', 'utf-16be', 'windows-874', 'iso-8859-8-i', 'gb18030']) {
      expect(() => decodeText(Buffer.from('<p>1</p>'), resolveCharsetLabel(label)!)).not.toThrow();
    }
  });
});

describe('decoders where iconv-lite reads otherwise than the Encoding Standard', () => {
  it('a page labelled GBK or GB2312 decodes four-byte GB18030 codes, as browsers do; their ASCII digits never join a price', () => {
    // "🔥99元" in GB18030: 94 39 E6 37 is the emoji; iconv-lite's gbk read "�9�7" and the price became 799.
    const body = Buffer.concat([Buffer.from('<p>'), Buffer.from([0x94, 0x39, 0xe6, 0x37, 0x39, 0x39, 0xd4, 0xaa]), Buffer.from('</p>')]);
    for (const label of ['gbk', 'gb2312', 'GB_2312-80']) expect(decodeBody(body, `text/html; charset=${label}`).text).toBe('<p>🔥99元</p>');
    // A two-byte code iconv-lite dropped without a trace: "1︐23" read "123".
    expect(decodeText(Buffer.from([0x31, 0xa6, 0xd9, 0x32, 0x33]), 'gbk')).toBe('1\uFE1023');
  });

  it('UTF-16 with a lone surrogate or an odd last byte gives U+FFFD, never a string no store or feed can hold as is', () => {
    const json = Buffer.concat([Buffer.from('{"name":"a', 'utf16le'), Buffer.from([0x3d, 0xd8]), Buffer.from('","price":"12.99"}', 'utf16le'), Buffer.from([0x31])]);
    const decoded = decodeBody(json, 'application/json; charset=utf-16le');
    expect(decoded.text).toBe('{"name":"a\uFFFD","price":"12.99"}\uFFFD');
    expect(decodeText(Buffer.from('1\uD83D', 'utf16le').swap16(), 'utf-16be')).toBe('1\uFFFD');
  });

  it('the Mac and KOI8-U tables are the standard\'s: 0xDB is "€" in macintosh, 0xAE "ў" in KOI8-U', () => {
    expect(decodeBody(Buffer.from('12,99 \xdb', 'latin1'), 'text/plain; charset=macintosh').text).toBe('12,99 €');
    expect(decodeBody(Buffer.from('12,99 \xff', 'latin1'), 'text/plain; charset=x-mac-cyrillic').text).toBe('12,99 €');
    expect(decodeText(Buffer.from([0xae]), 'koi8-u')).toBe('ў');
  });
});

describe('JSON', () => {
  it('is utf-8 unless declared, and is never scanned for meta tags', () => {
    const body = Buffer.from(JSON.stringify({ html: '<meta charset="windows-1252">', price: '12,99 €' }));
    const decoded = decodeBody(body, 'application/json');
    expect(decoded).toMatchObject({ encoding: 'utf-8', source: 'default' });
    expect(JSON.parse(decoded.text).price).toBe('12,99 €');
    expect(detectCharset('application/ld+json', body)).toBe('utf-8');
  });

  it('honours a declared charset', () => {
    const body = Buffer.from('{"price":"\x80 5"}', 'latin1');
    const decoded = decodeBody(body, 'application/json; charset=windows-1252');
    expect(JSON.parse(decoded.text).price).toBe('€ 5');
  });
});
