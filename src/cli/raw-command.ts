// `pricecrawl raw <hash>`: writes the exact stored response bytes for a raw hash (an item's rawHash) to stdout.
import { isBlobHash } from '../core/blob-hash';
import { openStores } from '../../storage/open-backends';
import { SettingsError } from '../core/errors';
import { storeConfigFromCli, type StoreCliOptions } from './store-options';
import { binaryDigest, isBinaryBody, terminalSafe } from './terminal-text';

export async function rawCommand(hash: string, opts: StoreCliOptions): Promise<number> {
  if (!isBlobHash(hash)) throw new SettingsError(`raw: "${hash}" is not a sha256 hash (64 hex digits)`);
  const stores = await openStores(storeConfigFromCli(opts));
  try {
    const bytes = await stores.blobs().get(hash);
    if (bytes === null) {
      // An item's hash with no bytes: never stored (a page quoting a credential the crawl sent is withheld) or another store's.
      process.stderr.write(`pricecrawl: no raw capture ${hash} in ${stores.location} (pages that quote a credential the crawl sent are not stored: raw/withheld-secret)\n`);
      return 1;
    }
    const out = process.stdout.isTTY ? onTerminal(bytes) : bytes;
    await new Promise<void>((resolve, reject) => process.stdout.write(out, (error) => (error ? reject(error) : resolve())));
    return 0;
  } finally {
    await stores.close();
  }
}

/**
 * Piped or redirected, the bytes go out exact (that is what `raw` is for: `> page.html`, `| sha256sum`).
 * On a terminal the page's escape sequences would act on it, so it shows the text without them; a
 * binary body (NUL bytes: no media type is stored with it) as its size and hash.
 */
function onTerminal(bytes: Buffer): string {
  if (isBinaryBody(bytes, '')) return `${binaryDigest(bytes)}\n`;
  const text = terminalSafe(bytes.toString('utf8'));
  return text.endsWith('\n') ? text : `${text}\n`;
}
