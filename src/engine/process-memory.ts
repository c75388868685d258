// The memory of this process and the processes it started (Chromium), read from /proc without spawning `ps`.
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { freemem, totalmem } from 'node:os';

/** What Crawlee's memory load signal reads once a second (the shape of its `getMemoryInfo`). */
export interface ProcessMemory {
  totalBytes: number;
  freeBytes: number;
  usedBytes: number;
  mainProcessBytes: number;
  childProcessesBytes: number;
}

/**
 * Why not Crawlee's own reading: it spawns `ps -A` every second. A fork of a process this size blocks
 * our event loop for 1–7 ms each time (measured at 280 MB RSS), which lands on the polite hosts whose
 * slot opens then; and where `ps` is missing (slim container images have no procps) the spawn fails,
 * the memory signal has no data, and Crawlee's pool does not even start (its memory signal asks for
 * the total memory the same way at start). /proc gives the same numbers: this process's RSS, and the
 * RSS of every descendant found through each thread's `children` list.
 */
export async function readProcessMemory(pid = process.pid): Promise<ProcessMemory> {
  const mainProcessBytes = process.memoryUsage.rss();
  let childProcessesBytes = 0;
  for (const child of await descendantsOf(pid)) childProcessesBytes += await rssBytesOf(child);
  const totalBytes = availableMemoryBytes();
  const freeBytes = Math.min(freemem(), totalBytes);
  return { totalBytes, freeBytes, usedBytes: totalBytes - freeBytes, mainProcessBytes, childProcessesBytes };
}

/** True where /proc lists a thread's children (Linux with CONFIG_PROC_CHILDREN, as every distribution kernel). */
export async function canReadProcessTree(pid = process.pid): Promise<boolean> {
  try {
    await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return true;
  } catch {
    return false;
  }
}

/** Every process below `pid`, breadth first; one that exits meanwhile is skipped. */
async function descendantsOf(pid: number): Promise<number[]> {
  const found: number[] = [];
  let wave = [pid];
  while (wave.length > 0) {
    const next = (await Promise.all(wave.map(childrenOf))).flat();
    found.push(...next);
    wave = next;
  }
  return found;
}

async function childrenOf(pid: number): Promise<number[]> {
  let tasks: string[];
  try {
    tasks = await readdir(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const lists = await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')));
  return lists.flatMap((list) => list.split(' ').filter((word) => word !== '').map(Number));
}

/** VmRSS of a process (0 once it has exited, or for a zombie, which has none). */
async function rssBytesOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  return kib === undefined ? 0 : Number(kib) * 1024;
}

/** The machine's memory, or the container's limit when one is set below it (cgroup v2, then v1; read once). */
export function availableMemoryBytes(): number {
  const machine = totalmem();
  const limit = cgroupLimitBytes();
  return limit !== null && limit < machine ? limit : machine;
}

let cgroupLimit: number | null | undefined;

function cgroupLimitBytes(): number | null {
  if (cgroupLimit !== undefined) return cgroupLimit;
  cgroupLimit = null;
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    const text = readFileSyncOrNull(file)?.trim();
    if (text !== undefined && /^\d+$/.test(text)) {
      cgroupLimit = Number(text);
      break;
    }
  }
  return cgroupLimit;
}

function readFileSyncOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
