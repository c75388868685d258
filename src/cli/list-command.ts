// `pricecrawl list`: the spiders of the current project (the bundled demo spiders outside one) and their allowed domains.
import { findProject } from '../app/project/find-project';
import { loadSpiderRegistry } from '../app/project/spider-registry';

export async function listCommand(): Promise<number> {
  const registry = await loadSpiderRegistry(findProject());
  for (const name of registry.names()) {
    const spider = new (registry.find(name))();
    process.stdout.write(`${name}${spider.allowedDomains.length ? `  (${spider.allowedDomains.join(', ')})` : ''}\n`);
  }
  return 0;
}
