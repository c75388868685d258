// XML feed records as Scrapy writes them: <items><item><field>value</field>…</item></items>, escaped for any text.
export const XML_HEADER = '<?xml version="1.0" encoding="utf-8"?>\n<items>\n';
export const XML_FOOTER = '</items>\n';

/** A field name usable as an element name as is (the XML Name production, ASCII part; no reserved `xml` prefix). */
const ELEMENT_NAME = /^(?!xml)[A-Za-z_][A-Za-z0-9._-]*$/i;
/** Characters XML 1.0 cannot carry at all, not even as a character reference; lone surrogates too. */
const NOT_XML_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Markup characters as entities; CR as a reference (a parser would turn a literal CR into LF); characters
 * XML 1.0 cannot hold become U+FFFD, the one lossy step, because no XML reader could accept them.
 */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

/**
 * xmlText for an attribute value: there a reader replaces a raw tab or line break with a space (attribute-value
 * normalisation), so a key "Weight\n(kg)" read back as "Weight (kg)"; as references they stay what they were.
 */
function xmlAttribute(text: string): string {
  return xmlText(text).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

/** One item element and its newline. */
export function xmlItem(record: Record<string, unknown>): string {
  return `<item>${fields(record)}</item>\n`;
}

/** Objects as child elements, arrays as repeated <value> elements, null as an absent element (never an empty string). */
function fields(record: Record<string, unknown>): string {
  return Object.entries(record).map(([name, value]) => element(name, value)).join('');
}

function element(name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  // A key that is not a valid element name (spaces, leading digit, markup) keeps its text in an attribute.
  const [open, close] = ELEMENT_NAME.test(name) ? [`<${name}>`, `</${name}>`] : [`<field name="${xmlAttribute(name)}">`, '</field>'];
  return `${open}${content(value)}${close}`;
}

function content(value: unknown): string {
  if (Array.isArray(value)) return value.map((entry) => element('value', entry ?? '')).join('');
  if (typeof value === 'object') return fields(value as Record<string, unknown>);
  return xmlText(String(value));
}
