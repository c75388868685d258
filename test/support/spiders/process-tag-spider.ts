// Test spider: the catalog spider whose items also say which process crawled them (`crawl --processes` tests).
import type { CrawlResponse, SpiderOutput } from 'pricecrawl';
import { CatalogSpider } from './catalog-spider';

export class ProcessTagSpider extends CatalogSpider {
  override async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for await (const output of super.parseProduct(res)) yield { ...output, crawledBy: String(process.pid) } as SpiderOutput;
  }
}
