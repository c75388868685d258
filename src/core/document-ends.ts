// Whether a body holds an HTML document that opened and closed, or a JSON text left open: how a cut shows in the bytes.

/** The end tags whose absence says an HTML document never closed. */
const CLOSING_TAG = /<\/(?:body|html)[\s>]/i;

/**
 * The start tags that make a body a document. A fragment (a test's or a vendor's minimal page, an HTML
 * snippet an API serves: `<span class="price">12,50 €</span>`) never had end tags to lose.
 */
const OPENING_TAG = /<(?:html|body)[\s>]/i;

/** `text`: the body as latin1 (one character per byte; the markup is ASCII in every charset we read). */
export function closesHtmlDocument(text: string): boolean {
  return CLOSING_TAG.test(text);
}

export function opensHtmlDocument(text: string): boolean {
  return OPENING_TAG.test(text);
}

/**
 * Whether a JSON text ends inside a string or with an object or array still open: a cut, whatever byte it
 * fell on (brackets and quotes inside strings do not count). `text` as latin1: UTF-8's multi-byte
 * characters are bytes over 0x7f, never a quote, backslash or bracket.
 */
export function jsonLeftOpen(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++; // the escaped character, a quote included
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) depth--;
  }
  return inString || depth > 0;
}
