// The nesting depth read before a page is parsed: as htmlparser2 builds it, without being fooled by what it skips.
import { describe, expect, it } from 'vitest';
import { loadDom } from '../../src/core/cheerio-load';
import { MAX_MARKUP_DEPTH, markupDepth, refuseTooDeep } from '../../src/core/markup-depth';

/** Depth of the deepest element htmlparser2 builds (html and body are not counted). */
function parsedDepth(html: string): number {
  const $ = loadDom(html, { xml: { xmlMode: false, decodeEntities: true } });
  let deepest = 0;
  $('*').each((_i, element) => void (deepest = Math.max(deepest, $(element).parents().length + 1)));
  return deepest;
}

describe('markupDepth', () => {
  it.each([
    ['nested elements', '<div><section><span>x</span></section></div>', 3],
    ['siblings', '<div></div><div></div><div></div>', 1],
    ['void elements and self-closing forms of them', '<div><br><img src=a><input/><hr></div>', 1],
    ['elements whose end is implied, left unclosed', `<ul>${'<li>item'.repeat(50)}</ul><table>${'<tr><td>1<td>2'.repeat(50)}</table>${'<p>text'.repeat(50)}`, 1],
    ['an end tag with none of its name open (ignored)', '<div></span><div></i><div>', 3],
    ['an end tag that closes what was opened after its element', '<div><span><b><i></div><div>', 4],
    ['tags inside a comment', `<div><!-- ${'<div>'.repeat(40)} --></div>`, 1],
    ['tags inside script, style, title and textarea (any case)', `<script>${'<div>'.repeat(40)}</SCRIPT><style>${'<b>'.repeat(40)}</style><textarea>${'<i>'.repeat(9)}</textarea><div>`, 1],
  ])('%s', (_name, html, depth) => {
    expect(markupDepth(html)).toBe(depth);
  });

  it('never counts deeper than the parser builds on sloppy markup', () => {
    const sloppy = `<html><body>${'<div><font><b>text'.repeat(30)}<ul>${'<li><ul><li>x'.repeat(20)}<script>if (a<b) document.write("<div>")</script>`;
    expect(markupDepth(sloppy)).toBeLessThanOrEqual(parsedDepth(sloppy));
    expect(markupDepth(sloppy)).toBeGreaterThanOrEqual(90 + 20);
  });

  it('reads 100,000 levels in one pass', () => {
    expect(markupDepth(`${'<div>'.repeat(100_000)}<p class="price">12.99</p>${'</div>'.repeat(100_000)}`)).toBe(100_000);
  });

  it('refuses a page one level past the limit, and neither one at it nor one of many shallow tags', () => {
    const nested = (levels: number) => `${'<div>'.repeat(levels)}12.99${'</div>'.repeat(levels)}`;
    expect(() => refuseTooDeep(nested(MAX_MARKUP_DEPTH + 1), 'http://shop.test/deep')).toThrow(/nests 10001 levels/);
    expect(() => refuseTooDeep(nested(MAX_MARKUP_DEPTH), 'http://shop.test/at-limit')).not.toThrow();
    // Over the limit in tags, so the depth is read, but two levels deep.
    expect(() => refuseTooDeep(`<ul>${'<li><b>item</b></li>'.repeat(MAX_MARKUP_DEPTH)}</ul>`, 'http://shop.test/long')).not.toThrow();
  });
});
