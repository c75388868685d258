// Self CPU time of a .cpuprofile (BENCH_CPU_PROF) per component, in ms per page: where pricecrawl's time goes.
// Usage: node bin/run-ts.js bench/profile-components.ts <file.cpuprofile> <pages> [top functions]
// Each sample's time goes to its innermost frame; the frame's file picks the component (our folders, or the
// package for node_modules); node's own frames (GC, idle, builtins) are listed by their pseudo-name.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const OUR_FOLDERS = ['middlewares', 'pipelines', 'storage', 'spiders', 'bench'];

/** `src/engine`, `middlewares`, `storage/sqlite`, `nm:undici`, `(garbage collector)`, `node:internal`… */
export function componentOf(url: string, functionName: string): string {
  if (url === '') return `(${functionName || 'native'})`;
  if (url.includes('/node_modules/')) {
    const parts = url.split('/node_modules/').pop()!.split('/');
    return `nm:${parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  if (url.startsWith('node:')) return url.startsWith('node:internal') ? 'node:internal' : url;
  const path = url.replace(/^file:\/\//, '');
  const src = /\/(src\/[^/]+)\//.exec(path);
  if (src) return src[1];
  const ours = OUR_FOLDERS.find((folder) => path.includes(`/${folder}/`));
  if (ours === 'storage') return /\/storage\/([^/]+)\//.exec(path) ? `storage/${/\/storage\/([^/]+)\//.exec(path)![1]}` : 'storage';
  return ours ?? path;
}

function main(): void {
  const [file, pagesArg, topArg] = process.argv.slice(2);
  if (!file || !pagesArg) throw new Error('usage: profile-components.ts <file.cpuprofile> <pages> [top functions]');
  const pages = Number(pagesArg);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byComponent = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busyUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const { callFrame } = byId.get(profile.samples[i])!;
    const us = profile.timeDeltas[i + 1] ?? 0;
    const component = componentOf(callFrame.url, callFrame.functionName);
    byComponent.set(component, (byComponent.get(component) ?? 0) + us);
    if (component !== '((idle))') busyUs += us;
    const fn = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/.*\/(node_modules|src|middlewares|pipelines|storage)\//, '$1/')}:${callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const perPage = (us: number) => (us / 1000 / pages).toFixed(3);
  process.stdout.write(`busy ${(busyUs / 1000).toFixed(0)} ms over ${pages} pages = ${perPage(busyUs)} ms/page (idle excluded)\n\n| component | ms/page | share |\n|---|---|---|\n`);
  for (const [component, us] of [...byComponent].sort((a, b) => b[1] - a[1])) {
    if (component === '((idle))' || us / 1000 / pages < 0.005) continue;
    process.stdout.write(`| ${component} | ${perPage(us)} | ${((100 * us) / busyUs).toFixed(1)} % |\n`);
  }
  const top = Number(topArg ?? 30);
  process.stdout.write(`\ntop ${top} functions (self):\n`);
  for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${perPage(us).padStart(7)} ms/page  ${fn}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
