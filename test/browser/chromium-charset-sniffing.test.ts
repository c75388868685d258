// Where a page declares its charset, as Chromium finds it: our sniffing must name the encoding Chromium names
// for the same bytes and headers, or a shop reads one way over HTTP and another in the browser.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../src/fetch/chromium-launch';
import { sniffCharset } from '../../src/fetch/charset';
import { FixtureServer } from '../support/fixture-server';

// ISO-8859-15 ("€" at 0xA4) is a charset Chromium's detector never guesses: when it names it, a declaration did.
const DECLARED = '<meta charset="iso-8859-15">';
const TEXT = '<p>12,99 \xa4</p>';
const page = (html: string) => Buffer.from(html, 'latin1');
const filler = (bytes: number) => `var shopConfig = ${JSON.stringify('x'.repeat(bytes))};`;

const PAGES: Record<string, { contentType: string; body: Buffer }> = {
  // Chromium reads a meta anywhere in the head, however long the inline scripts and styles before it.
  'after 10 KiB of script': { contentType: 'text/html', body: page(`<html><head><script>${filler(10_000)}</script>${DECLARED}</head><body>${TEXT}`) },
  'after 100 KiB of style': { contentType: 'text/html', body: page(`<html><head><style>${'a{b:c}'.repeat(17_000)}</style>${DECLARED}</head><body>${TEXT}`) },
  'after 200 link tags': { contentType: 'text/html', body: page(`<head>${'<link rel="preload" href="/x.js" as="script">'.repeat(200)}${DECLARED}${TEXT}`) },
  // ... and in the body within the first 1 KiB.
  'early in the body': { contentType: 'text/html', body: page(`<html><head><title>t</title></head><body><p>x</p>${DECLARED}${TEXT}`) },
  // A meta in script text, a title or an attribute value is no declaration: the real one after it counts.
  'after one in a script string': { contentType: 'text/html', body: page(`<script>document.write('<meta charset="koi8-r">')</script>${DECLARED}${TEXT}`) },
  'after one in a title': { contentType: 'text/html', body: page(`<title><meta charset="koi8-r"></title>${DECLARED}${TEXT}`) },
  'after one in an attribute': { contentType: 'text/html', body: page(`<div title='<meta charset="koi8-r">'></div>${DECLARED}${TEXT}`) },
  'after one in a comment': { contentType: 'text/html', body: page(`<!-- <meta charset="koi8-r"> -->${DECLARED}${TEXT}`) },
  'http-equiv with odd quoting': { contentType: 'text/html', body: page(`<meta content='text/html;charset="iso-8859-15"' http-equiv=Content-Type>${TEXT}`) },
  'an unknown label, then a known one': { contentType: 'text/html', body: page(`<meta charset="x-bogus">${DECLARED}${TEXT}`) },
  'an unknown header label, then the meta': { contentType: 'text/html; charset=x-bogus', body: page(`${DECLARED}${TEXT}`) },
  // The last of a repeated charset attribute, as Chromium's scan reads them; a header parameter's quoted value whole.
  'a repeated charset attribute': { contentType: 'text/html', body: page(`<meta charset="koi8-r" charset="iso-8859-15">${TEXT}`) },
  'charset= inside another quoted header parameter': { contentType: 'text/html; foo="a;charset=koi8-r"; charset=iso-8859-15', body: page(TEXT) },
  'an XML declaration': { contentType: 'application/xhtml+xml', body: page(`<?xml version='1.0' encoding='ISO-8859-15'?><html xmlns="http://www.w3.org/1999/xhtml"><body>${TEXT}</body></html>`) },
};

let browser: Browser;
let tab: Page;
let server: FixtureServer;
beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/p/:name', (_req, res, { params }) => {
    const served = PAGES[decodeURIComponent(params.name!)]!;
    res.writeHead(200, { 'content-type': served.contentType }).end(served.body);
  });
  browser = await launchChromium('/usr/bin/chromium');
  tab = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the declared charset, as Chromium finds it', () => {
  it.each(Object.keys(PAGES))('%s', async (name) => {
    await tab.goto(server.url(`/p/${encodeURIComponent(name)}`));
    const chromium = (await tab.evaluate<string>('document.characterSet')).toLowerCase();
    const served = PAGES[name]!;
    expect(chromium).toBe('iso-8859-15');
    expect(sniffCharset(served.contentType, served.body).encoding).toBe(chromium);
  });
});
