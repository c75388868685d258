// The spider registry: names used on the command line (`pricecrawl crawl <name>`) and by the demo.
import { didYouMean, PricecrawlError, type SpiderClass } from 'pricecrawl';
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

export function findSpider(name: string): SpiderClass {
  const found = Object.hasOwn(spiderRegistry, name) ? spiderRegistry[name] : undefined;
  if (!found) {
    const known = Object.keys(spiderRegistry).sort();
    throw new PricecrawlError('SPIDER_NOT_FOUND', `no spider named "${name}"${didYouMean(name, known)}; known spiders: ${known.join(', ')} (or pass a path to a spider file)`);
  }
  return found;
}
