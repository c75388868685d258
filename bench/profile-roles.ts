// A .cpuprofile's main-thread time per role of a page (HTML parse, price parse, block scan, raw capture…), in ms per page.
// Usage: node bin/run-ts.js bench/profile-roles.ts <file.cpuprofile> <pages> [--from <function name>]
//
// Why beside profile-components.ts: that one charges each sample to the file of its innermost frame, so a
// css-select walk is "css-select" whether the spider or the visible-price scan asked for it, and node's
// stream frames are "node:internal" whether they carry a fetch or a blob write. Here each sample goes to
// the innermost frame of its stack that names a role; library frames that serve many roles (cheerio's
// selectors, better-sqlite3, node internals) name none, so they go to whoever called them.
// `--from` drops the samples before the first one whose stack holds that function (module loading and
// start-up, which a short run's profile is full of); it defaults to `runRequestTask`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Tried in order on each frame, innermost frame first: the first rule that matches names the role. */
const ROLES: ReadonlyArray<[RegExp, string]> = [
  [/^\(garbage collector\)/, 'GC (main thread)'],
  [/^\(idle\)/, '(idle)'],
  [/\/node_modules\/(htmlparser2|domhandler|parse5)\/|\/src\/core\/(cheerio-load|markup-depth)\.ts/, 'HTML parse'],
  [/\/src\/core\/release-dom\.ts/, 'DOM release'],
  [/\/src\/prices\//, 'price parse'],
  [/\/src\/visible\//, 'visible-price scan'],
  [/\/src\/structured\//, 'structured data'],
  // BlockRules also runs http-errors' soft-404 title patterns.
  [/\/src\/downloader\/block-rules\.ts|\/middlewares\/block-detection\.ts|\/middlewares\/http-errors\.ts/, 'block-page and soft-404 scans'],
  [/declarative-refresh|meta-refresh\.ts|followed-hop/, 'refresh scan (meta-refresh)'],
  [/crypto\/hash|blob-hash\.ts/, 'hashing'],
  [/node:zlib|blob-compression|raw-capture\.ts|sqlite-blob-store/, 'compression / raw capture'],
  [/fetch-log/, 'fetch log'],
  [/sqlite-item-store|sqlite-price-history|sqlite-catalog|batch-writer|stored-item|json-value|\/src\/catalog\//, 'item store'],
  [/\/pipelines\/|\/src\/pipeline\//, 'pipeline stages'],
  [/\/storage\/sqlite\/|\/src\/frontier\/|ack-tracker|request-sink|group-commit/, 'frontier / ledger'],
  [/\/node_modules\/(pino|thread-stream|sonic-boom)\/|\/src\/log\//, 'logging'],
  [/\/src\/events\/|\/src\/engine\/stats|run-observers|metrics|live-progress|run-timeline|\/extensions\//, 'stats / metrics / events'],
  [/charset|TextDecoder|node:internal\/encoding|\/src\/fetch\/body-reader|gzip-members/, 'decode'],
  [/\/node_modules\/undici\/|\/src\/fetch\/|^\(?writeLatin1String|^\(?writeUtf8String|node:net|node:internal\/stream_base/, 'fetch (undici)'],
  [/\/src\/sessions\/|\/middlewares\/sessions|tough-cookie/, 'sessions / cookies'],
  [/\/middlewares\/|\/src\/downloader\/|\/src\/politeness\/|\/src\/robots\//, 'other middlewares / politeness'],
  [/\/bench\/crawlers\/|\/spiders\//, 'spider callback (selectors, yields)'],
  [/\/src\/core\//, 'request / response objects'],
  [/\/node_modules\/@crawlee\//, 'pool (Crawlee)'],
  [/\/src\/engine\//, 'engine'],
];

function roleOfFrame(frame: ProfileNode['callFrame']): string | null {
  const key = frame.url === '' ? `(${frame.functionName})` : `${frame.url} ${frame.functionName}`;
  for (const [pattern, role] of ROLES) if (pattern.test(key) || pattern.test(frame.functionName)) return role;
  return null;
}

function main(): void {
  const args = process.argv.slice(2);
  const fromAt = args.indexOf('--from');
  const from = fromAt >= 0 ? args.splice(fromAt, 2)[1] : 'runRequestTask';
  const [file, pagesArg] = args;
  if (!file || !pagesArg) throw new Error('usage: profile-roles.ts <file.cpuprofile> <pages> [--from <function>]');
  const pages = Number(pagesArg);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const roleOf = new Map<number, string>();
  const startsCrawl = new Map<number, boolean>();
  const resolve = (id: number): [string, boolean] => {
    if (roleOf.has(id)) return [roleOf.get(id)!, startsCrawl.get(id)!];
    const node = byId.get(id)!;
    const parent = parentOf.get(id);
    const [above, crawlAbove] = parent === undefined ? ['other (node internals, microtasks)', false] : resolve(parent);
    const own = roleOfFrame(node.callFrame);
    roleOf.set(id, own ?? above);
    startsCrawl.set(id, crawlAbove || node.callFrame.functionName === from);
    return [roleOf.get(id)!, startsCrawl.get(id)!];
  };
  const byRole = new Map<string, number>();
  let started = false;
  let busyUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const [role, inCrawl] = resolve(profile.samples[i]);
    started ||= inCrawl;
    if (!started) continue;
    const us = profile.timeDeltas[i + 1] ?? 0;
    byRole.set(role, (byRole.get(role) ?? 0) + us);
    if (role !== '(idle)') busyUs += us;
  }
  const perPage = (us: number) => (us / 1000 / pages).toFixed(3);
  process.stdout.write(`main thread busy ${perPage(busyUs)} ms/page from the first ${from} (idle excluded)\n\n| role | ms/page | share |\n|---|---|---|\n`);
  for (const [role, us] of [...byRole].sort((a, b) => b[1] - a[1])) {
    if (role === '(idle)') continue;
    process.stdout.write(`| ${role} | ${perPage(us)} | ${((100 * us) / busyUs).toFixed(1)} % |\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
