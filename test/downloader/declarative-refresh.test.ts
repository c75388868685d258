// The HTML spec's refresh syntax, as browsers read it, and where a refresh meta counts in a page.
import { describe, expect, it } from 'vitest';
import { metaRefreshContents, parseRefreshContent } from '../../src/downloader/declarative-refresh';

describe('parseRefreshContent', () => {
  it.each([
    ['0; url=/p/real', 0, '/p/real'],
    ['0;URL=/p/real', 0, '/p/real'],
    ['0, url=/p/real', 0, '/p/real'],
    ['0 url=/p/real', 0, '/p/real'],
    ['  5 ;  Url = /p/real', 5, '/p/real'],
    ["0; url='/p/real'", 0, '/p/real'],
    ['0; url="/p/real"', 0, '/p/real'],
    ["0; url='/p/real' trailing junk", 0, '/p/real'],
    ["0;url='/p/real", 0, '/p/real'],
    ['0; /p/real', 0, '/p/real'],
    ["0; '/p/real'", 0, '/p/real'],
    ['0;update.html', 0, 'update.html'],
    ['0; urlaub.html', 0, 'urlaub.html'],
    ['0; url /p/real', 0, 'url /p/real'],
    ['1.9; url=/p/real', 1, '/p/real'],
    ['.5; url=/p/real', 0, '/p/real'],
    ['3', 3, null],
    ['3;', 3, null],
    ['\t7\n', 7, null],
    ['0;\turl=\thttp://shop.test/p', 0, 'http://shop.test/p'],
  ])('%j: delay %d, url %j', (content, delaySeconds, url) => {
    expect(parseRefreshContent(content)).toEqual({ delaySeconds, url });
  });

  it.each(['', 'url=/p', '-1; url=/p', 'now; url=/p', '0x; url=/p', '5s; url=/p'])('%j is no refresh a browser acts on', (content) => {
    expect(parseRefreshContent(content)).toBeNull();
  });
});

const findMetaRefresh = (html: string) => [...metaRefreshContents(html)][0] ?? null;

describe('metaRefreshContents (each case checked against Chromium)', () => {
  it.each([
    ['<head><meta http-equiv="refresh" content="0; url=/a"></head>', '0; url=/a'],
    ['<META HTTP-EQUIV=Refresh CONTENT="0;URL=/a">', '0;URL=/a'],
    ["<meta content='0; url=/a' http-equiv='REFRESH' />", '0; url=/a'],
    ['<meta http-equiv="refresh" content="0; url=&#39;/a?x=1&amp;y=2&#39;">', "0; url='/a?x=1&y=2'"],
    ['<body><p>moved</p><meta http-equiv="refresh" content="0; url=/a"></body>', '0; url=/a'],
    ['<meta name="x" content="a>b"><meta http-equiv="refresh" content="1; url=/a">', '1; url=/a'],
    ['<meta http-equiv="refresh" content=""><meta http-equiv="refresh" content="2; url=/b">', '2; url=/b'],
    ['<meta http-equiv="refresh" http-equiv="x" content="0; url=/a">', '0; url=/a'],
    // The parser closes SVG and MathML for a <meta>, and one in foreignObject is HTML: all in the document.
    ['<body><svg><meta http-equiv="refresh" content="0; url=/a"></svg>', '0; url=/a'],
    ['<svg><foreignObject><meta http-equiv="refresh" content="0; url=/a"></foreignObject></svg>', '0; url=/a'],
    ['<math><meta http-equiv="refresh" content="0; url=/a"></math>', '0; url=/a'],
    ['<html><body>x</body></html><meta http-equiv="refresh" content="0; url=/a">', '0; url=/a'],
    ['<!---><meta http-equiv="refresh" content="0; url=/a">-->', '0; url=/a'],
    ['<!--><meta http-equiv="refresh" content="0; url=/a">-->', '0; url=/a'],
    ['<script><!--</script><meta http-equiv="refresh" content="0; url=/a">', '0; url=/a'],
  ])('%j → %j', (html, content) => {
    expect(findMetaRefresh(html)).toBe(content);
  });

  it.each([
    ['<noscript><meta http-equiv="refresh" content="0; url=/nojs"></noscript>'],
    ['<NOSCRIPT><meta http-equiv="refresh" content="0; url=/nojs"></NOSCRIPT>'],
    ['<!-- <meta http-equiv="refresh" content="0; url=/a"> -->'],
    ['<!--[if IE]><meta http-equiv="refresh" content="0; url=/ie"><![endif]-->'],
    ['<script>document.write(\'<meta http-equiv="refresh" content="0; url=/a">\')</script>'],
    ['<template><meta http-equiv="refresh" content="0; url=/a"></template>'],
    ['<iframe><meta http-equiv="refresh" content="0; url=/a"></iframe>'],
    ['<noframes><meta http-equiv="refresh" content="0; url=/a"></noframes>'],
    ['<meta http-equiv=" refresh " content="0; url=/a">'],
    ['<textarea><meta http-equiv="refresh" content="0; url=/a"></textarea>'],
    ['<meta name="refresh" content="0; url=/a">'],
    ['<meta http-equiv="refresh">'],
    ['<meta http-equiv="refresh" content="0; url=/a"'],
  ])('%j has none', (html) => {
    expect(findMetaRefresh(html)).toBeNull();
  });

  it('lists every refresh meta in document order', () => {
    expect([...metaRefreshContents('<meta http-equiv="refresh" content="x"><meta http-equiv="refresh" content="0; url=/b">')]).toEqual(['x', '0; url=/b']);
  });

  it('finds the one after a noscript that closed', () => {
    expect(findMetaRefresh('<noscript><meta http-equiv="refresh" content="0; url=/nojs"></noscript><meta http-equiv="refresh" content="0; url=/js">')).toBe('0; url=/js');
  });
});
