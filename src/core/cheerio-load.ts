// cheerio's `load` (parse5 for HTML, htmlparser2 for XML) without its index, which also loads undici's whole index, encoding-sniffer and parse5-parser-stream for `fromURL` and `loadBuffer` (~90 ms CPU at start; bench/README.md).
import type * as Cheerio from 'cheerio';
import { requirePackage, requirePart } from './package-part';

type CheerioLoad = typeof Cheerio.load;

/** dist/commonjs/load-parse.js, beside the CommonJS main: the module that defines `load` and that the index re-exports. */
const loadParse = requirePart('cheerio', 'load-parse.js') as { load: CheerioLoad } | undefined;

export const loadDom: CheerioLoad = loadParse?.load ?? (requirePackage('cheerio').load as CheerioLoad);
