// A catalog site, a storage dir and a child tracker for one test file crawling through the CLI, set up and torn down with it.
import { afterAll, beforeAll } from 'vitest';
import { startCatalogSite, type CatalogSite, type CatalogSiteOptions } from './catalog-site';
import { childTracker } from './run-cli';
import { tempStorageDir } from './test-crawl';

export interface CatalogCliFixture {
  /** The site, once beforeAll has started it. */
  site(): CatalogSite;
  storage: ReturnType<typeof tempStorageDir>;
  children: ReturnType<typeof childTracker>;
}

/** Registers the file's beforeAll/afterAll: the site starts before its tests; children, site and storage go after. */
export function catalogCliFixture(label: string, options: CatalogSiteOptions): CatalogCliFixture {
  let site: CatalogSite | undefined;
  const storage = tempStorageDir(label);
  const children = childTracker();
  beforeAll(async () => {
    site = await startCatalogSite(options);
  });
  afterAll(async () => {
    children.killAll();
    await site?.close();
    storage.cleanup();
  });
  return { site: () => site!, storage, children };
}
