// `pricecrawl raw <hash>`: writes the exact stored response bytes for a raw hash (an item's rawHash) to stdout.
import { BlobStore } from '../../storage/blob-store';
import { SettingsError } from '../core/errors';
import { loadSettings } from '../settings/load-settings';

export async function rawCommand(hash: string, opts: { storage?: string }): Promise<number> {
  const dir = opts.storage ?? loadSettings({ cliPairs: [] }).settings.storage.dir;
  if (!BlobStore.isHash(hash)) throw new SettingsError(`raw: "${hash}" is not a sha256 hash (64 hex digits)`);
  const bytes = new BlobStore(dir).get(hash);
  if (bytes === null) {
    process.stderr.write(`pricecrawl: no raw capture ${hash} in ${dir}/blobs\n`);
    return 1;
  }
  await new Promise<void>((resolve, reject) => process.stdout.write(bytes, (error) => (error ? reject(error) : resolve())));
  return 0;
}
