// Our decoders against Chromium's: the same bytes under each encoding name must give the same text, so a
// page reads alike over HTTP and in the browser, and an invalid byte never turns into a digit or hides one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../src/fetch/chromium-launch';
import { decodeText } from '../../src/fetch/charset';

const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex');

/** Every byte between two digits, and every lead byte with every second byte ("1", lead, second, "23"). */
function bytePatterns(): number[][] {
  const patterns: number[][] = [];
  for (let byte = 0; byte < 256; byte++) patterns.push([0x31, byte, 0x39, 0x39]);
  for (let lead = 0x80; lead < 256; lead++) for (let second = 0; second < 256; second++) patterns.push([0x31, lead, second, 0x32, 0x33]);
  // Four-byte GB18030 codes, whose second and fourth bytes are ASCII digits (emoji among them), and cut ones.
  for (let lead = 0x81; lead < 0xff; lead += 3) for (let third = 0x81; third < 0xff; third += 5) patterns.push([0x31, lead, 0x39, third, 0x37, 0x39, 0x39], [0x31, lead, 0x39, 0x39]);
  // UTF-16 odd lengths and lone surrogates.
  patterns.push([0x31, 0x00, 0x3d], [0x00, 0xd8, 0x31, 0x00], [0x00, 0xdc, 0x00, 0xd8], [0x3d, 0xd8, 0x25, 0xdd, 0x31]);
  return patterns;
}

const PATTERNS = bytePatterns();

/** What Chromium's TextDecoder makes of each pattern under `encoding` (the patterns sent once, as one hex string). */
async function chromiumDecodes(page: Page, encoding: string): Promise<string[]> {
  return page.evaluate((encoding) => {
    const patterns = (globalThis as unknown as { patterns: Uint8Array[] }).patterns;
    return patterns.map((bytes) => new TextDecoder(encoding).decode(bytes));
  }, encoding);
}

async function sendPatterns(page: Page): Promise<void> {
  await page.evaluate((lines) => {
    const toBytes = (line: string) => new Uint8Array(line.match(/../g)!.map((pair) => parseInt(pair, 16)));
    (globalThis as unknown as { patterns: Uint8Array[] }).patterns = lines.split(',').map(toBytes);
  }, PATTERNS.map(hex).join(','));
}

/** The patterns whose text differs, at most five, as "bytes: chromium | ours", under `same` as the notion of equal. */
async function differences(page: Page, encoding: string, same: (ours: string, theirs: string) => boolean): Promise<string[]> {
  const theirs = await chromiumDecodes(page, encoding);
  const found: string[] = [];
  PATTERNS.forEach((bytes, index) => {
    const ours = decodeText(Buffer.from(bytes), encoding);
    if (found.length < 5 && !same(ours, theirs[index]!)) found.push(`${hex(bytes)}: ${JSON.stringify(theirs[index])} | ${JSON.stringify(ours)}`);
  });
  return found;
}

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium('/usr/bin/chromium');
  page = await browser.newPage();
  await sendPatterns(page);
});
afterAll(() => browser?.close());

describe('decoders that match Chromium byte for byte', () => {
  // gbk decodes as gb18030 (the standard's GBK decoder is its gb18030 decoder): iconv-lite's gbk read the
  // four-byte "🔥" before "99元" as "�9�7", a price of 799; utf-16 left lone surrogates; the Mac tables put "¤" for "€".
  const exact = ['gbk', 'gb18030', 'utf-16le', 'utf-16be', 'macintosh', 'x-mac-cyrillic', 'koi8-u', 'koi8-r', 'iso-2022-jp', 'iso-8859-2', 'iso-8859-15', 'utf-8'];
  it.each(exact)('%s', async (encoding) => {
    expect(await differences(page, encoding, (ours, theirs) => ours === theirs)).toEqual([]);
  });
});

describe('decoders that differ from Chromium only in how broken input is marked', () => {
  // windows-125x: a byte the code page leaves undefined is U+FFFD here and a C1 control in Chromium; the
  // multi-byte codecs resynchronise otherwise after an invalid pair. Neither may change the digits.
  const digits = (text: string) => text.replace(/[^0-9]/g, '');
  const single = ['windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258', 'windows-874', 'ibm866'];
  const lostMark = /[\uFFFD\u0080-\u009F]/g;
  it.each(single)('%s: the same text once an undefined byte is a mark either way', async (encoding) => {
    expect(await differences(page, encoding, (ours, theirs) => ours.replace(lostMark, '#') === theirs.replace(lostMark, '#'))).toEqual([]);
  });
  it.each(['shift_jis', 'euc-jp', 'big5', 'euc-kr'])('%s: the same digits in the same places', async (encoding) => {
    expect(await differences(page, encoding, (ours, theirs) => digits(ours) === digits(theirs))).toEqual([]);
  });
});
