// Text helpers for MapCompose: the cleaning a selector's text needs before it is a field (whitespace, tags, entities).
import { loadDom } from '../core/cheerio-load';

/** Trims the text's ends (Scrapy users write `str.strip`): Unicode spaces, tabs, newlines and no-break spaces. */
export const stripText = (text: string): string => text.trim();

/**
 * Collapses every run of whitespace (newlines, tabs, no-break and thin spaces) to one space and trims: a name written
 * over three indented lines of markup becomes one line. A price keeps its thin or no-break space as one plain space,
 * which the price reading takes as a grouping space ("1 234,56 €").
 */
export const cleanText = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/**
 * The text of an HTML fragment (Scrapy's `remove_tags` plus entity decoding): `<b>Neu</b> &amp; günstig` is
 * `Neu & günstig`. For values an API or a data attribute carries as markup; a selector's `.text()` needs none.
 */
export const removeTags = (html: string): string => loadDom(`<body>${html}</body>`)('body').text();

/** Drops texts that are empty after trimming, so TakeFirst and Join never see a layout space. */
export const dropBlank = (text: string): string | null => (text.trim() === '' ? null : text);
