// Feed targets of the command line: `-o file[:format]` appends, `-O file[:format]` overwrites, as in Scrapy.
import { basename, extname, resolve } from 'node:path';
import { PricecrawlError } from '../../core/errors';

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

export class ExportFormatError extends PricecrawlError {
  constructor(message: string) {
    super('EXPORT_FORMAT_UNSUPPORTED', message);
  }
}

const supported = () => `supported: ${FEED_FORMATS.join(', ')} (from the extension, or file:format)`;

/** One `-o`/`-O` value: `out.csv`, `out.txt:jsonl`. Throws ExportFormatError when no supported format is named. */
export function parseFeedSpec(value: string, mode: FeedSpec['mode']): FeedSpec {
  // A `:format` suffix only counts after the file name's last path separator, so `C:\x.csv` or `a:b/x.csv` stay paths.
  const suffix = /^(.+):([A-Za-z0-9]+)$/.exec(value);
  if (suffix && !/[\\/]/.test(suffix[2])) {
    const format = formatNamed(suffix[2]);
    if (!format) throw new ExportFormatError(`cannot write the feed "${value}": unsupported format "${suffix[2]}"; ${supported()}`);
    return { path: resolve(suffix[1]), format, mode };
  }
  const extension = extname(basename(value)).slice(1);
  const format = formatNamed(extension);
  if (!format) throw new ExportFormatError(`cannot write the feed "${value}": unsupported extension "${extname(value) || '(none)'}"; ${supported()}`);
  return { path: resolve(value), format, mode };
}

/** The `-o` (append) and `-O` (overwrite) values of a command, in that order; two feeds on one file are refused. */
export function feedSpecs(append: readonly string[] = [], overwrite: readonly string[] = []): FeedSpec[] {
  const specs = [...append.map((v) => parseFeedSpec(v, 'append')), ...overwrite.map((v) => parseFeedSpec(v, 'overwrite'))];
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
