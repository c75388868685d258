// PostgreSQL migration 5: an item is its site and SKU; old rows get the site of the URL they stored (computed here, not in SQL).
import type postgres from 'postgres';
import { siteOf } from '../../src/pipeline/item-site';

export type MigrationTx = postgres.TransactionSql<Record<string, never>>;

/** URLs whose sites one UPDATE sets. */
const URLS_PER_UPDATE = 1000;

/**
 * Columns first; the UNIQUE/PRIMARY KEY that gains the site is swapped after the sites are filled
 * (sitesFromUrls). price_changes and sku_catalog use '' for a URL that names no site, since a NULL
 * would never conflict; items keep NULL there and their bare-SKU key.
 */
export const SITE_COLUMNS_SQL = `
ALTER TABLE items ADD COLUMN site text;
ALTER TABLE price_changes ADD COLUMN site text NOT NULL DEFAULT '';
ALTER TABLE sku_catalog ADD COLUMN site text COLLATE "C" NOT NULL DEFAULT '';`;

const SITE_KEYS_SQL = `
UPDATE items SET key = site || ' ' || sku WHERE sku IS NOT NULL AND site IS NOT NULL AND key = sku;
DROP INDEX IF EXISTS items_by_spider_sku;
CREATE INDEX items_by_spider_site_sku ON items (spider, site, sku, scraped_at_ms) WHERE sku IS NOT NULL;
ALTER TABLE price_changes DROP CONSTRAINT price_changes_run_id_spider_sku_key, ADD UNIQUE (run_id, spider, site, sku);
ALTER TABLE sku_catalog DROP CONSTRAINT sku_catalog_pkey, ADD PRIMARY KEY (spider, site, sku);`;

function storedSite(url: string): string | null {
  try {
    return siteOf(url);
  } catch {
    return null; // a relative item.url a spider stated: no site to give
  }
}

/** Sets `site` from `urlColumn` for each distinct URL of the table, a thousand URLs per statement. */
async function fillSites(tx: MigrationTx, table: string, urlColumn: string): Promise<void> {
  const urls = await tx.unsafe<Array<{ url: string }>>(`SELECT DISTINCT ${urlColumn} AS url FROM ${table}`);
  for (let i = 0; i < urls.length; i += URLS_PER_UPDATE) {
    const pairs = urls.slice(i, i + URLS_PER_UPDATE).map(({ url }) => ({ url, site: storedSite(url) })).filter((p) => p.site !== null);
    if (pairs.length === 0) continue;
    await tx.unsafe(`UPDATE ${table} t SET site = m.site FROM json_to_recordset($1::json) AS m(url text, site text) WHERE t.${urlColumn} = m.url`,
      [tx.json(pairs as never)]);
  }
}

/**
 * Before migration 5 a SKU item's key was its bare SKU and history and the catalog followed (spider, sku):
 * each row gets the site of its stored URL and the key a new run writes ("<site> <sku>"), so the next
 * observation continues the same series. The stored URL is the item's own `url` when it stated one: for
 * a spider whose items state a URL on another domain than their page, the series restarts (a break,
 * never a mixed series).
 */
export async function sitesFromUrls(tx: MigrationTx): Promise<void> {
  await fillSites(tx, 'items', 'url');
  await fillSites(tx, 'price_changes', 'url');
  await fillSites(tx, 'sku_catalog', 'product_url');
  await tx.unsafe(SITE_KEYS_SQL);
}
