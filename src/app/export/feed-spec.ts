// Feed targets of the command line: `-o file[:format]` appends, `-O file[:format]` overwrites, as in Scrapy.
import { basename, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExportFormatError } from './feed-errors';
import { fillFeedPlaceholders, type FeedNames } from './feed-placeholders';

export const FEED_FORMATS = ['jsonl', 'json', 'csv', 'xml'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
/** Extensions that name a format besides the format names themselves. */
const EXTENSION_ALIASES: Record<string, FeedFormat> = { jsonlines: 'jsonl', ndjson: 'jsonl' };

export interface FeedSpec {
  /** Absolute path of the feed file. */
  path: string;
  format: FeedFormat;
  /** `append` (-o): a feed already there is continued; `overwrite` (-O): it is replaced. */
  mode: 'append' | 'overwrite';
}

const supported = () => `supported: ${FEED_FORMATS.join(', ')} (from the extension, or file:format)`;

/**
 * One `-o`/`-O` value: `out.csv`, `out.txt:jsonl`, `file:///srv/out.csv`, `feeds/%(name)s-%(time)s.jsonl` (with
 * `names`, a crawl's). Throws ExportFormatError when no supported format is named.
 */
export function parseFeedSpec(value: string, mode: FeedSpec['mode'], names?: FeedNames): FeedSpec {
  // A `:format` suffix only counts after the file name's last path separator, so `C:\x.csv` or `a:b/x.csv` stay paths.
  const suffix = /^(.+):([A-Za-z0-9]+)$/.exec(value);
  if (suffix && !/[\\/]/.test(suffix[2])) {
    const format = formatNamed(suffix[2]);
    if (!format) throw new ExportFormatError(`cannot write the feed "${value}": unsupported format "${suffix[2]}"; ${supported()}`);
    return { path: localPath(suffix[1], value, names), format, mode };
  }
  const extension = extname(basename(value)).slice(1);
  const format = formatNamed(extension);
  if (!format) throw new ExportFormatError(`cannot write the feed "${value}": unsupported extension "${extname(value) || '(none)'}"; ${supported()}`);
  return { path: localPath(value, value, names), format, mode };
}

/** How to name `spec` on a command line: its path, with `:format` when the path's extension names another. */
export function feedArgument(spec: FeedSpec): string {
  return formatNamed(extname(basename(spec.path)).slice(1)) === spec.format ? spec.path : `${spec.path}:${spec.format}`;
}

/**
 * Feeds are local files. Scrapy's feed URIs went through as relative paths: `-o s3://bucket/items.json` wrote
 * `./s3:/bucket/items.json` and the run ended clean with nothing in the bucket, `file:///srv/items.json` wrote
 * `./file:/srv/items.json`. A `file:` URI is its path, any other scheme is refused before the first request, and
 * Scrapy's placeholders are filled in (feed-placeholders.ts).
 */
function localPath(target: string, value: string, names: FeedNames | undefined): string {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]+):\/\//.exec(target)?.[1];
  if (scheme?.toLowerCase() === 'file') {
    try {
      // The URI is decoded after the fill: a name written in raw would be decoded too (`%2e%2e` a `..` leaving
      // the folder, a `#` or `?` cutting the file name short). Encoded, it comes back as the one segment it was.
      return fileURLToPath(fillFeedPlaceholders(target, value, names, encodeURIComponent));
    } catch (error) {
      throw new ExportFormatError(`cannot write the feed "${value}": ${(error as Error).message}; a file URI names a local path, file:///srv/feeds/items.jsonl`);
    }
  }
  if (scheme !== undefined) {
    throw new ExportFormatError(
      `cannot write the feed "${value}": feeds are local files, and ${scheme}:// is not one; write a path (-o /srv/feeds/items.jsonl or file:///srv/feeds/items.jsonl) and copy it after the run, or send items elsewhere as they are stored with a durable sink (pipeline.sinks)`,
    );
  }
  return resolve(fillFeedPlaceholders(target, value, names));
}

/** The `-o` (append) and `-O` (overwrite) values of a command, in that order; two feeds on one file are refused. */
export function feedSpecs(append: readonly string[] = [], overwrite: readonly string[] = [], names?: FeedNames): FeedSpec[] {
  const specs = [...append.map((v) => parseFeedSpec(v, 'append', names)), ...overwrite.map((v) => parseFeedSpec(v, 'overwrite', names))];
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.path)) throw new ExportFormatError(`the feed ${spec.path} is named twice; give each -o/-O its own file`);
    seen.add(spec.path);
  }
  return specs;
}

function formatNamed(name: string): FeedFormat | null {
  const lower = name.toLowerCase();
  if ((FEED_FORMATS as readonly string[]).includes(lower)) return lower as FeedFormat;
  return EXTENSION_ALIASES[lower] ?? null;
}
