// Parses the one storage URL (`storage.url`, `--store`): the embedded SQLite files, or a PostgreSQL database.
import { maskSecretsInText } from '../core/mask-secrets';
import { userInfoProblem } from './url-user-info';

export type StoreLocation = { kind: 'sqlite'; dir: string } | { kind: 'postgres'; url: string };

const POSTGRES = /^postgres(ql)?:\/\//;

/** A problem with the URL, or null when it is usable (the settings schema reports it with its dotted path). */
export function storeUrlProblem(url: string): string | null {
  if (url.startsWith('sqlite:')) return null;
  if (!POSTGRES.test(url)) return 'expected sqlite: (the embedded default) or postgres://user@host:port/database';
  try {
    const parsed = new URL(url);
    return parsed.hostname ? userInfoProblem(parsed) : 'a postgres URL needs a host';
  } catch {
    return 'not a valid URL';
  }
}

/**
 * Unset or `sqlite:` → the embedded files in `dir` (the default); `sqlite:<dir>` → those files in
 * another directory; `postgres://…` or `postgresql://…` → that database.
 */
export function parseStoreUrl(url: string | undefined, dir: string): StoreLocation {
  if (url === undefined || url === '' || url === 'sqlite:') return { kind: 'sqlite', dir };
  const problem = storeUrlProblem(url);
  if (problem) throw new TypeError(`storage.url "${maskSecretsInText(url)}": ${problem}`);
  if (url.startsWith('sqlite:')) return { kind: 'sqlite', dir: url.slice('sqlite:'.length) };
  return { kind: 'postgres', url };
}
