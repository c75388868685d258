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
    ['elements whose end is implied, left unclosed', `<ul>${'<li>item'.repeat(50)}</ul><table>${'<tr><td>1<td>2'.repeat(50)}</table>${'<p>text'.repeat(50)}`, 3],
    ['an end tag with none of its name open (ignored)', '<div></span><div></i><div>', 3],
    ['an end tag that closes what was opened after its element', '<div><span><b><i></div><div>', 4],
    ['tags inside a comment', `<div><!-- ${'<div>'.repeat(40)} --></div>`, 1],
    ['tags inside script, style, title and textarea (any case)', `<script>${'<div>'.repeat(40)}</SCRIPT><style>${'<b>'.repeat(40)}</style><textarea>${'<i>'.repeat(9)}</textarea><div>`, 1],
  ])('%s', (_name, html, depth) => {
    expect(markupDepth(html)).toBe(depth);
  });

  // Each was read as no depth at all (0 or 1) before 100,000 levels behind it: what the scan skipped, the parser builds.
  it.each([
    ['an abruptly closed comment <!-->', (levels: number) => `<!-->${'<div>'.repeat(levels)}`],
    ['an abruptly closed comment <!--->', (levels: number) => `<!--->${'<div>'.repeat(levels)}`],
    ['an attribute value holding <!--', (levels: number) => `<div title="<!--">${'<div>'.repeat(levels)}`],
    ['an attribute value holding <script', (levels: number) => `<a data-x='<script>'>${'<div>'.repeat(levels)}`],
    ['a declaration holding <!--', (levels: number) => `<!x <!-- >${'<div>'.repeat(levels)}`],
    ['a processing instruction holding <title', (levels: number) => `<?php echo "<title" ?>${'<div>'.repeat(levels)}`],
    ['list items and definitions in turn (each closes only its own kind)', (levels: number) => '<li><dd>'.repeat(levels / 2)],
    ['paragraphs in turn with list items', (levels: number) => '<p><li>'.repeat(levels / 2)],
  ])('%s nests as the parser builds it, and past the limit is refused', (_name, page) => {
    expect(markupDepth(page(2_000))).toBe(parsedDepth(page(2_000)));
    expect(() => refuseTooDeep(page(MAX_MARKUP_DEPTH + 2), 'http://shop.test/deep')).toThrow(/DOM|nests/);
  });

  it.each([
    ['CDATA holding tags', `<div><![CDATA[ ${'<div>'.repeat(30)} ]]></div>`],
    ['self-closed elements inside svg, an integration point with HTML in it', `<svg>${'<path d="M0 0"/>'.repeat(30)}<foreignObject><div/><div/></foreignObject><g /></svg><span/><b>`],
    ['a script written self-closed, its next tags markup', `<script src="a.js"/><div><div></div></div>`],
    ['an end tag written with a space, and one with a quoted >', `<div><div></ div><span></span title=">"><i>`],
    ['a script whose text names a longer tag', `<script>a = "</scripts>"; b = "<div><div>";</script><b>`],
  ])('%s: as deep as the parser builds', (_name, html) => {
    expect(markupDepth(html)).toBe(parsedDepth(html));
  });

  it('never counts deeper than the parser builds on sloppy markup', () => {
    const sloppy = `<html><body>${'<div><font><b>text'.repeat(30)}<ul>${'<li><ul><li>x'.repeat(20)}<script>if (a<b) document.write("<div>")</script>`;
    expect(markupDepth(sloppy)).toBeLessThanOrEqual(parsedDepth(sloppy));
    expect(markupDepth(sloppy)).toBeGreaterThanOrEqual(90 + 20);
  });

  it('reads 100,000 levels in one pass', () => {
    expect(markupDepth(`${'<div>'.repeat(100_000)}<p class="price">12.99</p>${'</div>'.repeat(100_000)}`)).toBe(100_001);
  });

  it('refuses a page one level past the limit, and neither one at it nor one of many shallow tags', () => {
    const nested = (levels: number) => `${'<div>'.repeat(levels)}12.99${'</div>'.repeat(levels)}`;
    expect(() => refuseTooDeep(nested(MAX_MARKUP_DEPTH + 1), 'http://shop.test/deep')).toThrow(/nests 10001 levels/);
    expect(() => refuseTooDeep(nested(MAX_MARKUP_DEPTH), 'http://shop.test/at-limit')).not.toThrow();
    // Over the limit in tags, so the depth is read, but two levels deep.
    expect(() => refuseTooDeep(`<ul>${'<li><b>item</b></li>'.repeat(MAX_MARKUP_DEPTH)}</ul>`, 'http://shop.test/long')).not.toThrow();
  });
});
