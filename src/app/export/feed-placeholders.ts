// Scrapy's feed URI placeholders a crawl fills in: %(name)s, the spider's name, and %(time)s, the crawl's start.
import { ExportFormatError } from './feed-errors';

/** What a crawl knows when its feeds are named; `export` knows no spider run, and fills in nothing. */
export interface FeedNames {
  name: string;
  time: Date;
}

const PLACEHOLDER = /%\(([A-Za-z_]+)\)([sd])/g;

/** How a fill is written into the target: as is into a path; percent-encoded into a URI (see feed-spec.ts). */
export type FillEncoding = (fill: string) => string;

/**
 * `feeds/%(name)s/%(time)s.jsonl` → `feeds/shop/2026-12-06T15-54-27.jsonl`. The time is UTC to the second with
 * colons as dashes, as Scrapy writes it, so a nightly run's feeds sort by name and no file name holds a colon.
 * Any other placeholder (Scrapy's batch ids, spider attributes) is refused rather than written into the name.
 */
export function fillFeedPlaceholders(target: string, value: string, names: FeedNames | undefined, encode: FillEncoding = (fill) => fill): string {
  const first = /%\([A-Za-z_]+\)[sd]/.exec(target)?.[0];
  if (first === undefined) return target;
  if (names === undefined) throw new ExportFormatError(`cannot write the feed "${value}": placeholders such as ${first} are filled in by a crawl only; name the file itself`);
  const fills: Record<string, string> = { 'name:s': fileNamePart(names.name, value), 'time:s': names.time.toISOString().slice(0, 19).replaceAll(':', '-') };
  return target.replace(PLACEHOLDER, (whole: string, key: string, kind: string) => {
    const fill = fills[`${key}:${kind}`];
    if (fill === undefined) throw new ExportFormatError(`cannot write the feed "${value}": ${whole} is not filled in; a crawl fills in %(name)s (the spider's name) and %(time)s (the crawl's start, UTC)`);
    return encode(fill);
  });
}

/** A spider's name goes into a path: one that would leave the folder or name another is refused. */
function fileNamePart(name: string, value: string): string {
  if (name === '' || name === '.' || name === '..' || /[\\/\0:]/.test(name)) {
    throw new ExportFormatError(`cannot write the feed "${value}": the spider's name ${JSON.stringify(name)} cannot be part of a file name; name the file itself`);
  }
  return name;
}
