// `pricecrawl list`: the registered spiders and their allowed domains.
import { spiderRegistry } from '../../spiders/index';

export async function listCommand(): Promise<number> {
  for (const [name, SpiderClass] of Object.entries(spiderRegistry).sort(([a], [b]) => a.localeCompare(b))) {
    const spider = new SpiderClass();
    process.stdout.write(`${name}${spider.allowedDomains.length ? `  (${spider.allowedDomains.join(', ')})` : ''}\n`);
  }
  return 0;
}
