// What a SitemapSpider's start() queues: its sitemaps, and its startUrls only for a parse() it defines (Scrapy's SitemapSpider ignores start_urls).
import { describe, expect, it } from 'vitest';
import { SitemapSpider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { isRequest } from '../../src/core/spider';

class ProductsOnly extends SitemapSpider {
  readonly name = 'products-only';
  override sitemapUrls = ['https://shop.example/sitemap.xml'];
  override sitemapRules = [{ allow: '/p/', callback: 'parseProduct' }];
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: '1.00' };
  }
}

class WithHome extends ProductsOnly {
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: '2.00' };
  }
}

async function started(spider: SitemapSpider): Promise<string[]> {
  const out: string[] = [];
  for await (const output of spider.start()) if (isRequest(output)) out.push(`${output.callback} ${output.url}`);
  return out;
}

describe('SitemapSpider start', () => {
  it('queues only the sitemaps when startUrls is empty', async () => {
    expect(await started(new ProductsOnly())).toEqual(['parseSitemap https://shop.example/sitemap.xml']);
  });

  it('refuses startUrls it has no parse() for, before any request (before: each start page failed callback/error, exit 4)', async () => {
    const spider = new ProductsOnly();
    spider.startUrls = ['https://shop.example/'];
    await expect(started(spider)).rejects.toThrow(
      'spider "products-only": its startUrls would go to parse(), which it does not define; a SitemapSpider reads its pages from sitemapUrls (Scrapy\'s ignores start_urls): drop startUrls, or define parse() for those pages',
    );
  });

  it('refuses a sitemap rule that sends pages to a parse() it does not define', async () => {
    const spider = new ProductsOnly();
    spider.sitemapRules = [{ allow: '', callback: 'parse' }];
    await expect(started(spider)).rejects.toThrow('spider "products-only" sitemapRules[0]: callback "parse" is not defined by the spider; name the method that handles these pages, or define parse()');
  });

  it('crawls startUrls through a parse() it defines, after the sitemaps', async () => {
    const spider = new WithHome();
    spider.startUrls = ['https://shop.example/'];
    expect(await started(spider)).toEqual(['parseSitemap https://shop.example/sitemap.xml', 'parse https://shop.example/']);
  });
});
