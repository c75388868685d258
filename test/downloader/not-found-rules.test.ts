// Soft-404 rules: a 2xx page whose title says the page does not exist, in the shops' languages; product titles holding the words stay pages.
import { describe, expect, it } from 'vitest';
import { BlockRules } from '../../src/downloader/block-rules';
import { settingsSchema } from '../../src/settings/schema';

const rules = (softNotFound: Record<string, unknown> = {}) => new BlockRules({ ...settingsSchema.parse({ softNotFound }).softNotFound, statuses: [] });
const page = (title: string) => `<html><head><title>${title}</title></head><body><div class="related"><span class="price">$9.99</span></div></body></html>`;

describe('soft-404 rules', () => {
  it.each([
    '404', '404 | Shop', 'Shop - 404', 'Error 404', '404 Not Found', '404 - Page Not Found', 'Not Found', 'Page not found',
    'Page Not Found – Shop', 'Oops! Page not found', 'Sorry, this page does not exist', '404: This page could not be found.',
    'The page you requested cannot be found | Shop', "We can't find that page", 'Product not found | Shop',
    'Seite nicht gefunden - Shop', 'Fehler 404', 'Page introuvable', 'Erreur 404 | Boutique', 'Página no encontrada',
    'Página não encontrada', 'Pagina non trovata', 'Pagina niet gevonden', 'Strona nie została znaleziona', 'Sidan hittades inte',
    'Страница не найдена', 'ページが見つかりません', '页面不存在', '페이지를 찾을 수 없습니다', '\n   Page not found\n  ',
  ])('reads the title %j as a not-found page', (title) => {
    expect(rules().detect('shop:80', { status: 200, text: page(title) })).not.toBeNull();
  });

  it.each([
    'Levi’s 404 Slim Jeans | Shop', 'Not Found Vinyl LP – Limited Edition | Records', 'Lost & Found Backpack 20L | Shop',
    'Error 404 T-Shirt, black | Geek Shop', 'Blue kettle | Shop', 'Page Not Found: A Memoir (Paperback) | Books',
    'Sold out: Blue kettle | Shop', 'Blue kettle – no longer available | Shop',
  ])('reads the product titled %j as a page', (title) => {
    expect(rules().detect('shop:80', { status: 200, text: page(title) })).toBeNull();
  });

  it('looks at the title only, not at a 404 message in a page (a search with no results, a link to the 404 page)', () => {
    expect(rules().detect('shop:80', { status: 200, text: '<title>Kettles | Shop</title><h1>Page not found?</h1><p>Error 404</p>' })).toBeNull();
  });

  it.each([
    ['64 KiB of white space after an unclosed title', `<title>${' '.repeat(65_000)}`],
    ['a run of separators', `<title>${' - '.repeat(20_000)}`],
    ['interjections without end', `<title>${'oops! '.repeat(10_000)}`],
  ])('scans %s without backtracking its way through it', (_name, text) => {
    expect(rules().detect('shop:80', { status: 200, text })).toBeNull();
  });

  it('is switched off for a host by an empty pattern list', () => {
    const off = rules({ hosts: { 'odd.shop:8080': { patterns: [] } } });
    expect(off.detect('odd.shop:8080', { status: 200, text: page('Page not found') })).toBeNull();
    expect(off.detect('shop:80', { status: 200, text: page('Page not found') })).not.toBeNull();
  });
});
