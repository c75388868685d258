// Starts the catalog site in a child process and reads its request records back over loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { CatalogProduct, CatalogSiteOptions } from './catalog-site';

export interface RemoteRecord {
  path: string;
  arrivedAtPerfMs: number;
  /** How much earlier it may have reached the socket: the site's loop was busy (loop-beat.ts). */
  stampSlackMs: number;
  closedAtPerfMs: number | null;
}

export interface RemoteCatalogSite {
  startUrls: string[];
  products: CatalogProduct[];
  hostKeys: string[];
  records(): Promise<Array<{ hostKey: string; requests: RemoteRecord[] }>>;
  close(): Promise<void>;
}

export async function startCatalogSiteProcess(options: CatalogSiteOptions): Promise<RemoteCatalogSite> {
  const child: ChildProcess = spawn(process.execPath, ['bin/run-ts.js', 'test/support/catalog-site-main.ts', JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  raisePriority(child.pid);
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => { throw new Error('catalog site process exited before listening'); })])) as [string];
  const info = JSON.parse(first) as { startUrls: string[]; products: CatalogProduct[]; hostKeys: string[]; control: string };
  return {
    startUrls: info.startUrls,
    products: info.products,
    hostKeys: info.hostKeys,
    records: async () => (await (await fetch(`${info.control}/records`)).json()) as Array<{ hostKey: string; requests: RemoteRecord[] }>,
    close: async () => {
      const exited = once(child, 'exit');
      child.stdin!.end();
      await exited;
    },
  };
}

/**
 * The site stamps arrivals in its own event loop: starved by the crawlers and other test files on two cores,
 * it stamped one request late and the next on time, and a gap looked shorter than the crawler sent it
 * (46 ms for 60 in a full run). Ten nice levels above the test's own keep the stamps near the wire, as the
 * bench's site does; without the right to raise it (not root) the site shares the CPU evenly.
 */
function raisePriority(pid: number | undefined): void {
  try {
    if (pid !== undefined) setPriority(pid, Math.max(-20, getPriority() - 10));
  } catch {
    // not permitted: measured as before
  }
}
