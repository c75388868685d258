// Start-up scenario: `pricecrawl crawl spider.ts` from a shell, as users run it, to its first request and to its exit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { launcherNodeFlags } from '../harness/launcher-node-flags';
import type { TargetCheck } from '../harness/scenario-result';

export interface StartupRun {
  /** Spawn to the first request's arrival at the server (robots.txt), and to the process's exit, ms. */
  firstRequestMs: number;
  exitMs: number;
  /** The process's own CPU (all threads) until its first request and until exit, ms. */
  firstRequestCpuMs: number | null;
  exitCpuMs: number | null;
  exitCode: number | null;
  loadAvg1: number;
}

export interface StartupResult {
  runs: StartupRun[];
  median: { firstRequestMs: number; exitMs: number; firstRequestCpuMs: number | null; exitCpuMs: number | null };
  targets: TargetCheck[];
}

const REPO = resolve(import.meta.dirname, '../..');

/** A project's spider as `pricecrawl genspider` writes it: TypeScript, importing the package. */
const SPIDER = `import { Spider, type CrawlResponse } from 'pricecrawl';
export class TinySpider extends Spider {
  readonly name = 'startup-tiny';
  override startUrls = [process.env.STARTUP_URL!];
  override settings = { politeness: { minIntervalMs: 0, jitterMs: 0 } };
  override async *parse(res: CrawlResponse) {
    yield { sku: 'tiny-1', price: res.$('.price').text(), url: res.url };
  }
}
`;

export async function startupScenario(scratchDir: string, rounds: number): Promise<StartupResult> {
  mkdirSync(join(scratchDir, 'node_modules'), { recursive: true });
  symlinkSync(REPO, join(scratchDir, 'node_modules', 'pricecrawl'));
  writeFileSync(join(scratchDir, 'tiny.ts'), SPIDER);
  let firstArrival: number | null = null;
  const server = createServer((req, res) => {
    firstArrival ??= performance.now();
    res.setHeader('content-type', req.url === '/robots.txt' ? 'text/plain' : 'text/html');
    res.end(req.url === '/robots.txt' ? 'User-agent: *\nAllow: /\n' : '<span class="price">12,50 €</span>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const runs: StartupRun[] = [];
    for (let round = 1; round <= rounds; round++) {
      firstArrival = null;
      runs.push(await oneRun(scratchDir, round, server, () => firstArrival));
      process.stderr.write(`[startup] round ${round}: first request ${runs.at(-1)!.firstRequestMs} ms (CPU ${runs.at(-1)!.firstRequestCpuMs} ms), exit ${runs.at(-1)!.exitMs} ms, load ${runs.at(-1)!.loadAvg1}\n`);
    }
    const median = {
      firstRequestMs: medianOf(runs.map((r) => r.firstRequestMs))!,
      exitMs: medianOf(runs.map((r) => r.exitMs))!,
      firstRequestCpuMs: medianOf(runs.flatMap((r) => (r.firstRequestCpuMs === null ? [] : [r.firstRequestCpuMs]))),
      exitCpuMs: medianOf(runs.flatMap((r) => (r.exitCpuMs === null ? [] : [r.exitCpuMs]))),
    };
    const ok = runs.every((r) => r.exitCode === 0);
    const targets: TargetCheck[] = [
      {
        label: `start-up: \`pricecrawl crawl tiny.ts\` to its first request (median of ${rounds})`,
        measured: ok ? `${median.firstRequestMs} ms (CPU ${median.firstRequestCpuMs} ms), load ${runs.map((r) => r.loadAvg1).join('/')}` : 'a run failed',
        target: '≤ 500 ms',
        pass: ok ? median.firstRequestMs <= 500 : false,
      },
    ];
    return { runs, median, targets };
  } finally {
    server.close();
  }
}

async function oneRun(scratchDir: string, round: number, server: Server, firstArrival: () => number | null): Promise<StartupRun> {
  const { port } = server.address() as AddressInfo;
  const loadAvg1 = Math.round(loadavg()[0] * 100) / 100;
  const probe = join(REPO, 'bench/crawlers/first-request-probe.mjs');
  const args = [...launcherNodeFlags(join(REPO, 'bin/pricecrawl.js')), '--import', probe, join(REPO, 'bin/pricecrawl.js'), 'crawl', 'tiny.ts', '--storage', join(scratchDir, `storage-${round}`), '--log-level', 'warn'];
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: scratchDir, env: { ...process.env, STARTUP_URL: `http://127.0.0.1:${port}/` }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  const exitMs = Math.round(performance.now() - startedAt);
  const probes = new Map<string, { wallMs: number; cpuMs: number }>();
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('{"startupProbe"')) continue;
    const { startupProbe } = JSON.parse(line) as { startupProbe: { at: string; wallMs: number; cpuMs: number } };
    probes.set(startupProbe.at, startupProbe);
  }
  if (exitCode !== 0) process.stderr.write(`[startup] round ${round} exited ${exitCode}: ${stderr.slice(-1000)}\n`);
  const arrival = firstArrival();
  return {
    firstRequestMs: arrival === null ? Number.NaN : Math.round(arrival - startedAt),
    exitMs,
    firstRequestCpuMs: probes.get('first-request')?.cpuMs ?? null,
    exitCpuMs: probes.get('exit')?.cpuMs ?? null,
    exitCode,
    loadAvg1,
  };
}

function medianOf(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function formatStartup(result: StartupResult): string {
  const { median } = result;
  const lines = [
    `startup: \`pricecrawl crawl tiny.ts\` (one page on loopback, compiled dist/, the launcher's node flags), ${result.runs.length} runs`,
    `median: first request ${median.firstRequestMs} ms (process CPU ${median.firstRequestCpuMs} ms), exit ${median.exitMs} ms (CPU ${median.exitCpuMs} ms)`,
    `runs (first request / exit ms, load): ${result.runs.map((r) => `${r.firstRequestMs}/${r.exitMs} @${r.loadAvg1}`).join('  ')}`,
  ];
  for (const t of result.targets) lines.push(`${t.pass === null ? 'n/a ' : t.pass ? 'PASS' : 'MISS'}  ${t.label}: ${t.measured} (target ${t.target})`);
  return lines.join('\n');
}
