// `pricecrawl raw <hash>`: writes the exact stored response bytes for a raw hash (an item's rawHash) to stdout.
import { isBlobHash } from '../core/blob-hash';
import { openStores } from '../../storage/open-backends';
import { SettingsError } from '../core/errors';
import { storeConfigFromCli, type StoreCliOptions } from './store-options';

export async function rawCommand(hash: string, opts: StoreCliOptions): Promise<number> {
  if (!isBlobHash(hash)) throw new SettingsError(`raw: "${hash}" is not a sha256 hash (64 hex digits)`);
  const stores = await openStores(storeConfigFromCli(opts));
  try {
    const bytes = await stores.blobs().get(hash);
    if (bytes === null) {
      process.stderr.write(`pricecrawl: no raw capture ${hash} in ${stores.location}\n`);
      return 1;
    }
    await new Promise<void>((resolve, reject) => process.stdout.write(bytes, (error) => (error ? reject(error) : resolve())));
    return 0;
  } finally {
    await stores.close();
  }
}
