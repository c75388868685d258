// On-CPU time per component from `perf script` output (every thread of the crawler), in ms per page.
// Usage: perf script -i perf.data | node bin/run-ts.js bench/perf-components.ts <process CPU ms/page> [from epoch s]
//
// Why beside profile-components.ts: a .cpuprofile samples the main thread on a wall clock, so on a loaded
// machine a frame that wakes another thread or process (a socket write, zlib's handoff to the pool,
// a spawn) collects the time the thread then spent descheduled, and the threads that do GC and JIT work
// are not in it at all. perf samples only on-CPU time, on every thread. Each sample goes to the
// innermost frame that names a component; shares are scaled by the process's CPU per page from the
// same run (the bench prints it). Record with: node --perf-basic-prof … and perf record -F 999 -g -p <pid>.
import { createInterface } from 'node:readline';

/** Frame patterns that name a component, tried from the innermost frame outwards. */
const NATIVE: ReadonlyArray<[RegExp, string]> = [
  [/v8::internal::compiler::|v8::internal::maglev::/, 'V8 optimizing compiler (TurboFan)'],
  [/Scavenge|Marking|Sweeper|MarkCompact|Evacuat|ArrayBufferSweeper|GCTracer/, 'V8 garbage collector'],
  [/deflate|longest_match|compress_block|crc32|fill_window|send_tree|inflate/, 'zlib (raw capture gzip)'],
  [/sqlite3|better_sqlite3/, 'SQLite (native)'],
  [/sha256/, 'sha256 (raw hashes)'],
];

export function componentOfUrl(url: string): string {
  const packaged = /\/node_modules\/((@[^/]+\/)?[^/]+)\//.exec(url);
  if (packaged) return `nm:${packaged[1]}`;
  if (url.startsWith('node:')) return url.startsWith('node:internal') ? 'node:internal' : url.replace(/:\d+.*$/, '');
  const ours = /\/(src\/[^/]+|middlewares|pipelines|storage\/[^/]+|spiders|bench)\//.exec(url);
  return ours ? ours[1] : url;
}

/** The component a sample's stack (innermost first) belongs to. */
export function componentOfStack(frames: readonly string[]): string {
  for (const frame of frames) {
    for (const [pattern, name] of NATIVE) if (pattern.test(frame)) return name;
    // CommonJS files (every package under node_modules) are named by their plain path, ES modules by a file:// URL.
    const js = /JS:\S*\s+((?:file:\/\/|node:|\/)\S+)/.exec(frame);
    if (js) return componentOfUrl(js[1]);
    if (frame.includes('RegExp:')) return `regexp ${frame.slice(frame.indexOf('RegExp:') + 7, frame.indexOf('RegExp:') + 47)}`;
  }
  const leaf = frames[0] ?? '';
  return leaf.includes('[kernel') ? 'kernel' : `native ${leaf.replace(/\+0x[0-9a-f]+.*$/, '').slice(0, 50)}`;
}

async function main(): Promise<void> {
  const [cpuMsArg, fromArg] = process.argv.slice(2);
  if (!cpuMsArg) throw new Error('usage: perf script | perf-components.ts <process CPU ms/page> [from epoch s]');
  const fromS = fromArg ? Number(fromArg) : 0;
  const counts = new Map<string, number>();
  let samples = 0;
  let frames: string[] = [];
  let keep = false;
  const flush = () => {
    if (keep && frames.length > 0) {
      const component = componentOfStack(frames);
      counts.set(component, (counts.get(component) ?? 0) + 1);
      samples += 1;
    }
    frames = [];
    keep = false;
  };
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') flush();
    else if (!/^\s/.test(line)) keep = Number(/(\d+\.\d+):/.exec(line)?.[1] ?? 0) >= fromS;
    else frames.push(line.trim().replace(/^[0-9a-f]+\s+/, ''));
  }
  flush();
  const cpuMs = Number(cpuMsArg);
  process.stdout.write(`${samples} samples; ms/page = share × ${cpuMs}\n\n| component | ms/page | share |\n|---|---|---|\n`);
  for (const [component, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    process.stdout.write(`| ${component} | ${((count / samples) * cpuMs).toFixed(3)} | ${((100 * count) / samples).toFixed(1)} % |\n`);
  }
}

if (process.argv[1]?.endsWith('perf-components.ts')) await main();
