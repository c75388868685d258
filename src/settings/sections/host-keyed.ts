// Settings keyed by host: keys spelled the way the crawl spells a URL's host key, so a per-host setting is never silently ignored.
import { z } from 'zod';
import { ambiguousIpv6, hostKeyOf, hostKeySpelling } from '../../politeness/host-key';

const NOT_A_HOST = 'is no host or host:port (write it like "shop.example" or "127.0.0.1:8080", without scheme or path)';

/** Why a written key names no one host: not a host at all, or a bare IPv6 address that reads two ways. Null when it names one. */
function refusal(written: string): string | null {
  const both = ambiguousIpv6(written);
  if (both) return `"${written}" could be ${both[0]} or ${both[1]}: write it with brackets`;
  return hostKeySpelling(written) === null ? `"${written}" ${NOT_A_HOST}` : null;
}

/**
 * A record keyed by host key. Each key is respelled as the crawl spells the key of a URL of that host
 * (`Bücher.Example:443` → `xn--bcher-kva.example`); a key that is no host, or two keys naming one host,
 * are errors naming the key, so the loader reports them with the layer they came from.
 */
export function hostKeyedRecord<T extends z.ZodType>(value: T) {
  const schema = z.record(z.string(), value).transform((record, ctx) => {
    const spelled: Record<string, z.output<T>> = {};
    const writtenAs = new Map<string, string>();
    for (const [written, entry] of Object.entries(record)) {
      const refused = refusal(written);
      const key = hostKeySpelling(written);
      if (refused !== null || key === null) {
        ctx.addIssue({ code: 'custom', path: [written], message: refused ?? `"${written}" ${NOT_A_HOST}` });
        continue;
      }
      const earlier = writtenAs.get(key);
      if (earlier !== undefined) {
        ctx.addIssue({ code: 'custom', path: [written], message: `"${written}" and "${earlier}" name the same host (${key})` });
        continue;
      }
      writtenAs.set(key, written);
      spelled[key] = entry;
    }
    return spelled;
  });
  HOST_KEYED.add(schema);
  return schema;
}

/** The host-keyed records of the schema: layers merge their entries host by host, however each spells it (load-settings.ts). */
export const HOST_KEYED = new WeakSet<z.ZodType>();

/** A list of host keys, respelled the same way. */
export function hostKeyList() {
  return z.array(z.string().min(1)).transform((written, ctx) =>
    written.flatMap((entry, index) => {
      const refused = refusal(entry);
      if (refused !== null) ctx.addIssue({ code: 'custom', path: [index], message: refused });
      const key = hostKeySpelling(entry);
      return refused !== null || key === null ? [] : [key];
    }),
  );
}

/**
 * With `hostKey: domain` a crawl's keys are registrable domains (`shop.example` for `www.shop.example:8080`),
 * so a per-host key spelled as a host would match nothing and be silently ignored: an error naming the key
 * and the domain to write instead.
 */
export function domainKeysOnly(politeness: { hostKey: 'host' | 'domain'; hosts: Record<string, unknown> }, ctx: z.RefinementCtx): void {
  if (politeness.hostKey !== 'domain') return;
  for (const key of Object.keys(politeness.hosts)) {
    const domain = hostKeyOf(`http://${key}/`, 'domain');
    if (domain !== key) ctx.addIssue({ code: 'custom', path: ['hosts', key], message: `with politeness.hostKey "domain" the keys are registrable domains: write "${domain}" for "${key}"` });
  }
}
