// The demo spiders by name (`pricecrawl crawl <name>`, the demo): read by src/app/project/spider-registry.ts, which finds and explains names.
import type { SpiderClass } from 'pricecrawl';
import { DemoHotelRatesSpider } from './demo-hotel-rates';
import { DemoHostileShopSpider } from './demo-hostile-shop';
import { DemoJsShopSpider } from './demo-js-shop';
import { DemoJsonLdShopSpider } from './demo-jsonld-shop';
import { DemoLocaleShopSpider } from './demo-locale-shop';
import { DemoMicrodataShopSpider } from './demo-microdata-shop';
import { GenericStructuredSpider } from './generic-structured';

/** Keys must equal each class's `name`; a test checks it. */
export const spiderRegistry: Record<string, SpiderClass> = {
  'demo-jsonld': DemoJsonLdShopSpider,
  'demo-microdata': DemoMicrodataShopSpider,
  'demo-locale': DemoLocaleShopSpider,
  'demo-js': DemoJsShopSpider,
  'demo-hotel-rates': DemoHotelRatesSpider,
  'generic-structured': GenericStructuredSpider,
  'demo-hostile': DemoHostileShopSpider,
};
