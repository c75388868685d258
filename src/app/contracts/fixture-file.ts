// Spider contract fixtures on disk: <name>.html (exact body bytes) + <name>.json (response and expectations).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsError } from '../../core/errors';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** What a callback must produce on the fixture page. Prices are compared as the exact strings the store keeps. */
export const expectationSchema = z
  .object({
    /** Items that pass the pipeline (stored), exactly. */
    items: z.number().int().min(0).optional(),
    /** Requests yielded, exactly. */
    requests: z.number().int().min(0).optional(),
    /** Fields every stored item must have, non-empty. */
    fields: z.array(z.string()).optional(),
    /** Item i (in yield order) must have these field values, e.g. {"sku": "A1", "price": "1234.50", "currency": "EUR"}. */
    itemValues: z.array(z.record(z.string(), scalar)).optional(),
    /** Requests per callback name, exactly. */
    requestCallbacks: z.record(z.string(), z.number().int().min(0)).optional(),
    /** Items dropped by the pipeline, per reason (e.g. "price/missing"), exactly; {} means none. */
    dropped: z.record(z.string(), z.number().int().min(0)).optional(),
  })
  .strict();

export const fixtureSpecSchema = z
  .object({
    /** The page's URL (after redirects): links resolve against it. */
    url: z.url(),
    status: z.number().int().min(100).max(599).default(200),
    /** Response headers, names lower-case (content-type decides the charset as in a crawl). */
    headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
    /** The spider callback to run on the page. */
    callback: z.string().min(1).default('parse'),
    /** The request's meta, as the previous callback would have set it. */
    meta: z.record(z.string(), z.json()).default({}),
    /** Spider arguments (`-a key=value`). */
    args: z.record(z.string(), z.string()).default({}),
    fetchMode: z.enum(['http', 'browser']).default('http'),
    /** Browser fetches: the captured XHR/fetch responses the callback reads. */
    captured: z.array(z.object({ url: z.string(), status: z.number().int(), contentType: z.string(), text: z.string() }).strict()).default([]),
    expect: expectationSchema.default({}),
  })
  .strict();

export type FixtureSpec = z.output<typeof fixtureSpecSchema>;
export type FixtureSpecInput = z.input<typeof fixtureSpecSchema>;
export type Expectation = z.output<typeof expectationSchema>;

export interface Fixture {
  spider: string;
  name: string;
  spec: FixtureSpec;
  body: Buffer;
}

export const fixtureDir = (root: string, spider: string) => join(root, 'spiders', 'fixtures', spider);

/** The fixtures of one spider, sorted by name; a broken sidecar is a clear error naming the file. */
export function loadFixtures(root: string, spider: string): Fixture[] {
  const dir = fixtureDir(root, spider);
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)).sort();
  return names.map((name) => {
    const sidecar = join(dir, `${name}.json`);
    const page = join(dir, `${name}.html`);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(sidecar, 'utf8'));
    } catch (error) {
      throw new SettingsError(`${sidecar}: not valid JSON (${(error as Error).message})`);
    }
    const parsed = fixtureSpecSchema.safeParse(raw);
    if (!parsed.success) throw new SettingsError(`${sidecar}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    if (!existsSync(page)) throw new SettingsError(`${sidecar} has no page ${page} beside it (record one with pricecrawl fetch <url> --save ${spider}/${name})`);
    return { spider, name, spec: parsed.data, body: readFileSync(page) };
  });
}

/** Writes a fixture; refuses to overwrite one unless `overwrite`. Returns the two paths. */
export function saveFixture(root: string, fixture: Fixture, overwrite = false): { page: string; sidecar: string } {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(fixture.name)) throw new SettingsError(`fixture name "${fixture.name}": use letters, digits, ".", "_" and "-" only`);
  const dir = fixtureDir(root, fixture.spider);
  const page = join(dir, `${fixture.name}.html`);
  const sidecar = join(dir, `${fixture.name}.json`);
  if (!overwrite && (existsSync(page) || existsSync(sidecar))) throw new SettingsError(`fixture ${sidecar} exists; pick another name or delete it first`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(page, fixture.body);
  writeFileSync(sidecar, `${JSON.stringify(fixture.spec, null, 2)}\n`);
  return { page, sidecar };
}
