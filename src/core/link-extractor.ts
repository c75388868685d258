// Scrapy's LinkExtractor: the crawlable links of a page, narrowed by URL patterns, domains, file extensions and the page regions they sit in.
import { SettingsError } from './errors';
import type { CrawlResponse } from './response';
import { linkSkipReason } from './skipped-link';

/** A URL pattern: a RegExp, or its source as a string (searched anywhere in the absolute URL, as Scrapy's `re.search`). */
export type LinkPattern = RegExp | string;

export interface LinkExtractorOptions {
  /** Keep only links matching one of these (none: every link). */
  allow?: LinkPattern | readonly LinkPattern[];
  /** Drop links matching one of these; deny wins over allow. */
  deny?: LinkPattern | readonly LinkPattern[];
  /** Keep only links to these hosts (and their subdomains). */
  allowDomains?: readonly string[];
  denyDomains?: readonly string[];
  /** Look for links only inside the elements these CSS selectors match (Scrapy's `restrict_css`): a nav, a product grid. */
  restrictCss?: string | readonly string[];
  /** Drop links to files by extension; default: images, media, archives, office documents (Scrapy's IGNORED_EXTENSIONS). `[]` keeps them. */
  denyExtensions?: readonly string[];
  /** Elements and attributes read; default `a`, `area` and `href`. */
  tags?: readonly string[];
  attrs?: readonly string[];
}

export interface ExtractedLink {
  /** Absolute, without its fragment. */
  url: string;
  /** The link's text, whitespace collapsed (Scrapy's `link.text`). */
  text: string;
}

const DEFAULT_DENY_EXTENSIONS = [
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'bmp', 'ico', 'tif', 'tiff', 'mp3', 'wav', 'ogg', 'mp4', 'webm', 'avi', 'mov', 'wmv',
  'zip', 'gz', 'tgz', 'rar', '7z', 'tar', 'bz2', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'exe', 'dmg', 'apk', 'css', 'js',
];

const list = <T>(value: T | readonly T[] | undefined): readonly T[] => (value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T]);

export class LinkExtractor {
  private readonly allow: RegExp[];
  private readonly deny: RegExp[];
  private readonly denyExtensions: Set<string>;
  private readonly selector: string;

  constructor(private readonly options: LinkExtractorOptions = {}) {
    this.allow = list(options.allow).map((p) => compileLinkPattern(p, 'LinkExtractor allow'));
    this.deny = list(options.deny).map((p) => compileLinkPattern(p, 'LinkExtractor deny'));
    this.denyExtensions = new Set((options.denyExtensions ?? DEFAULT_DENY_EXTENSIONS).map((e) => e.replace(/^\./, '').toLowerCase()));
    const attrs = options.attrs ?? ['href'];
    this.selector = (options.tags ?? ['a', 'area']).flatMap((tag) => attrs.map((attr) => `${tag}[${attr}]`)).join(', ');
  }

  /** The page's links that pass every filter, each once, in document order. */
  extract(res: CrawlResponse): ExtractedLink[] {
    const $ = res.$;
    const regions = list(this.options.restrictCss);
    const elements = regions.length === 0 ? $(this.selector).toArray() : $(regions.join(', ')).toArray().flatMap((region) => $(region).find(this.selector).addBack(this.selector).toArray());
    const seen = new Set<string>();
    const links: ExtractedLink[] = [];
    for (const element of elements) {
      for (const attr of this.options.attrs ?? ['href']) {
        const href = $(element).attr(attr);
        const url = href === undefined ? null : absolute(res, href);
        if (url === null || seen.has(url) || !this.matches(url)) continue;
        seen.add(url);
        links.push({ url, text: $(element).text().replace(/\s+/g, ' ').trim() });
      }
    }
    return links;
  }

  /** Whether an absolute URL passes the patterns, domains and extensions. */
  matches(url: string): boolean {
    const parsed = new URL(url);
    if (this.allow.length > 0 && !this.allow.some((re) => re.test(url))) return false;
    if (this.deny.some((re) => re.test(url))) return false;
    const host = parsed.hostname.toLowerCase();
    const inDomain = (domain: string) => host === domain.toLowerCase() || host.endsWith(`.${domain.toLowerCase()}`);
    if (this.options.allowDomains && this.options.allowDomains.length > 0 && !this.options.allowDomains.some(inDomain)) return false;
    if (this.options.denyDomains?.some(inDomain)) return false;
    const extension = /\.([a-z0-9]+)$/i.exec(parsed.pathname)?.[1]?.toLowerCase();
    return extension === undefined || !this.denyExtensions.has(extension);
  }
}

/** `href` against the page (its `<base href>`), without the fragment; null for what cannot be crawled (mailto:, javascript:, broken). */
function absolute(res: CrawlResponse, href: string): string | null {
  let url: URL;
  try {
    url = new URL(res.urljoin(href.trim()));
  } catch {
    return null;
  }
  url.hash = '';
  return linkSkipReason(url.href) === null ? url.href : null;
}

/** A pattern as a RegExp searched in a URL; one that is no regex is refused naming where it was written. */
export function compileLinkPattern(pattern: LinkPattern, option: string): RegExp {
  if (pattern instanceof RegExp) return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')); // a g flag's lastIndex would make test() alternate
  if (typeof pattern !== 'string') throw new SettingsError(`${option}: a pattern is a RegExp or its source as a string, got ${typeof pattern}`);
  try {
    return new RegExp(pattern);
  } catch (error) {
    throw new SettingsError(`${option}: ${JSON.stringify(pattern)} is no regular expression (${(error as Error).message}); a literal URL part needs its . ? + escaped`);
  }
}
