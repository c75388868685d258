// The scaffold's examples of the two extension points that change what a crawl keeps: a spider middleware and a pipeline stage.

/** Shows both kinds of `from` (a page, an errback's failure), since a hook typed for a page alone does not compile. */
export const SKIP_OUTLET = `// Example spider middleware: keeps clearance pages (/outlet/…) out of the crawl, whichever callback or errback links to them.
import { CrawlRequest, CrawlResponse, type RequestFailure, type SpiderMiddleware, type SpiderMiddlewareContext, type SpiderOutput } from 'pricecrawl';

export default class SkipOutlet implements SpiderMiddleware {
  readonly name = 'skip-outlet';

  /** What a callback yielded for a page, or an errback for a failed request (no page then: narrow before reading one). */
  async *processSpiderOutput(from: CrawlResponse | RequestFailure, outputs: AsyncIterable<SpiderOutput>, ctx: SpiderMiddlewareContext): AsyncGenerator<SpiderOutput> {
    let skipped = 0;
    for await (const output of outputs) {
      // Left out, counted per page as spider-middleware/skip-outlet/dropped.
      if (output instanceof CrawlRequest && new URL(output.url).pathname.startsWith('/outlet/')) {
        skipped += 1;
        continue;
      }
      yield output;
    }
    if (skipped > 0) ctx.log.debug({ from: from instanceof CrawlResponse ? from.url : from.request.url, skipped }, 'outlet links left out');
  }
}
`;

/** Placed before dedupe in the config: an item this drops must not take the SKU's key from a copy that is kept. */
export const SKIP_REFURBISHED = `// Example pipeline stage: the team compares new goods only, so a refurbished offer is dropped with a reason of its own.
import { drop, type Drop, type Item, type PipelineStage } from 'pricecrawl';

export default class SkipRefurbished implements PipelineStage {
  readonly name = 'skip-refurbished';

  process(item: Item): Item | Drop {
    // Counted as items/dropped/team/refurbished in the run's summary.
    if (typeof item.name === 'string' && /\\brefurbished\\b/i.test(item.name)) return drop('team/refurbished');
    return item;
  }
}
`;
