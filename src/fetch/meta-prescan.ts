// The charset labels a document's <meta> tags declare, found the way Chromium's meta charset scan finds them.

/**
 * Chromium reads every meta while the document is still in its head, however long (inline scripts and
 * styles of 100 KiB come first on real shops), and any in the first 1 KiB; once a tag that belongs in no
 * head has been seen past that, it stops. A scan of a fixed 4 KiB missed a meta after a long inline style,
 * and the page was read as UTF-8 where the browser read it as declared.
 */
const UNCONDITIONAL_BYTES = 1024;
/** Tags that keep the scan in the head (Chromium's list); any other start tag, and any other end tag, leaves it. */
const HEAD_START_TAGS = new Set(['script', 'noscript', 'style', 'link', 'meta', 'object', 'title', 'base', 'html', 'head']);
const HEAD_END_TAGS = new Set(['script', 'noscript', 'style', 'link', 'meta', 'object', 'title', 'base']);
/**
 * Elements whose content is text, not markup, to the tokenizer: a `<meta>` written inside a script string,
 * a style or a title is no declaration (`document.write('<meta charset="koi8-r">')` was read as one).
 */
const TEXT_ELEMENTS = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const TAG_NAME = /^[a-zA-Z][^\s/>]*/;

/** Labels of the `<meta>` charset declarations of `head` (bytes as latin1) in document order. */
export function metaCharsetLabels(head: string): string[] {
  const labels: string[] = [];
  let inHead = true;
  let at = head.indexOf('<');
  while (at !== -1 && (inHead || at < UNCONDITIONAL_BYTES)) {
    let next: number;
    if (head.startsWith('<!--', at)) next = endOf(head, '-->', at + 4);
    else if (head[at + 1] === '/') {
      const name = TAG_NAME.exec(head.slice(at + 2, at + 34))?.[0].toLowerCase();
      if (name && !HEAD_END_TAGS.has(name)) inHead = false;
      next = endOf(head, '>', at + 2);
    } else if (head[at + 1] === '!' || head[at + 1] === '?') next = endOf(head, '>', at + 2);
    else if (TAG_NAME.test(head.slice(at + 1, at + 2))) {
      const tag = readTag(head, at + 1);
      if (tag.name === 'meta') labels.push(...declaredLabel(tag.attrs));
      if (!HEAD_START_TAGS.has(tag.name)) inHead = false;
      next = TEXT_ELEMENTS.has(tag.name) ? closingTagOf(head, tag.name, tag.end) : tag.end;
    } else next = at + 1;
    at = next === -1 ? -1 : head.indexOf('<', next);
  }
  return labels;
}

/** Where `marker` ends after `from`; -1 when the text ends first (the rest is inside that comment or tag). */
function endOf(text: string, marker: string, from: number): number {
  const found = text.indexOf(marker, from);
  return found === -1 ? -1 : found + marker.length;
}

/** Past the end tag of a text element (`</script`, any case), or -1 when it does not end in the text. */
function closingTagOf(text: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s/>]`, 'ig');
  close.lastIndex = from;
  const found = close.exec(text);
  return found ? found.index : -1;
}

interface Tag {
  name: string;
  attrs: Map<string, string>;
  /** Index just past the tag's `>` (the text's length when it does not close). */
  end: number;
}

/** A start tag read as the tokenizer reads it: a quoted value may hold `>`. */
function readTag(text: string, from: number): Tag {
  const name = TAG_NAME.exec(text.slice(from, from + 64))![0];
  const attrs = new Map<string, string>();
  let at = from + name.length;
  while (at < text.length) {
    at = skip(text, at, SPACE_OR_SLASH);
    if (at >= text.length || text[at] === '>') break;
    const nameEnd = skipUntil(text, at + 1, ATTRIBUTE_NAME_END);
    const key = text.slice(at, nameEnd).toLowerCase();
    at = skip(text, nameEnd, SPACE);
    let value = '';
    if (text[at] === '=') {
      at = skip(text, at + 1, SPACE);
      const quote = text[at];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, at + 1);
        value = text.slice(at + 1, close === -1 ? text.length : close);
        at = close === -1 ? text.length : close + 1;
      } else {
        const valueEnd = skipUntil(text, at, UNQUOTED_VALUE_END);
        value = text.slice(at, valueEnd);
        at = valueEnd;
      }
    }
    // The last of an attribute given twice counts: Chromium's meta scan reads them all in order.
    attrs.set(key, value);
  }
  return { name: name.toLowerCase(), attrs, end: Math.min(at + 1, text.length) };
}

// Character classes as code-unit tests: the scan may walk a long head one character at a time.
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
const SPACE = isSpace;
const SPACE_OR_SLASH = (code: number) => isSpace(code) || code === 0x2f;
const ATTRIBUTE_NAME_END = (code: number) => isSpace(code) || code === 0x2f || code === 0x3e || code === 0x3d;
const UNQUOTED_VALUE_END = (code: number) => isSpace(code) || code === 0x3e;

const skip = (text: string, from: number, what: (code: number) => boolean): number => {
  let at = from;
  while (at < text.length && what(text.charCodeAt(at))) at++;
  return at;
};
const skipUntil = (text: string, from: number, stop: (code: number) => boolean): number => {
  let at = from;
  while (at < text.length && !stop(text.charCodeAt(at))) at++;
  return at;
};

/** A meta's label: its `charset`, else the charset in the `content` of an `http-equiv="content-type"`. */
function declaredLabel(attrs: Map<string, string>): string[] {
  const charset = attrs.get('charset');
  if (charset !== undefined) return charset.trim() === '' ? [] : [charset];
  if (attrs.get('http-equiv')?.trim().toLowerCase() !== 'content-type') return [];
  const content = attrs.get('content');
  const label = content ? contentCharset(content) : null;
  return label ? [label] : [];
}

/** Browsers accept `charset=` anywhere in the content value, with or without a `;` before it. */
function contentCharset(content: string): string | null {
  const match = /charset\s*=\s*["']?([^"';\s]+)/i.exec(content);
  return match ? match[1]! : null;
}
