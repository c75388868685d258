// One run, one item store: which store a process would keep a run's items in, and the refusal when it is not the run's.
import { realpathSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { PricecrawlError } from '../src/core/errors';
import type { StoreLocation } from '../src/settings/store-url';

/**
 * Where a process keeps a run's items: an embedded store is a directory on one machine
 * (`sqlite <hostname>:<absolute dir>`), and every PostgreSQL store is `postgres`: two URLs cannot be told
 * apart safely (a DNS name and an address, a pgbouncer beside each worker), so they are taken as one.
 */
export function itemStoreIdentity(location: StoreLocation, host: string): string {
  return location.kind === 'postgres' ? 'postgres' : `sqlite ${host}:${resolve(location.dir)}`;
}

/**
 * The embedded frontier's form: the items' directory relative to the frontier's own (`sqlite .` when they
 * share it). The frontier file is the machine's and the directory's already: a storage dir moved whole,
 * reached by another path, or mounted in a recreated container (another hostname) still holds its runs.
 */
export function itemStoreBesideFrontier(location: StoreLocation, frontierDir: string): string {
  if (location.kind === 'postgres') return 'postgres';
  return `sqlite ${relative(realDir(frontierDir), realDir(location.dir)) || '.'}`;
}

function realDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir); // not created yet
  }
}

/** `frontierDir`: for the embedded frontier's form, the directory its relative paths start from. */
function described(identity: string, frontierDir?: string): string {
  if (identity === 'postgres') return 'a PostgreSQL store (storage.url)';
  const dir = identity.slice('sqlite '.length);
  return `the storage dir ${frontierDir === undefined ? dir : resolve(frontierDir, dir)}`;
}

/**
 * `kept`: the identity the run recorded (not a string when it recorded none). Two stores for one run leave
 * neither holding it: each export misses the other's items, and the run's end folds only one part into the
 * price history and the catalog, while the run ends finished and balanced.
 */
export function refuseOtherItemStore(kept: unknown, runId: string, identity: string, frontierDir?: string): void {
  if (typeof kept !== 'string' || kept === identity) return;
  throw new PricecrawlError(
    'FRONTIER_STORE_MISMATCH',
    `run ${runId} keeps its items in ${described(kept, frontierDir)}; this process would write them to ${described(identity, frontierDir)}, so neither store would hold the whole run: give every process of a run, and every resume of it, the same store (storage.url, a PostgreSQL database all of them reach, or the same --storage on one machine). Nothing was fetched`,
  );
}
