// Exact CPU of a child's whole process tree: a cpuacct cgroup (v1) the child is moved into at spawn, when this process may make one.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CPUACCT = '/sys/fs/cgroup/cpuacct';

export interface TreeCpu {
  /** CPU seconds of every process the child started, reaped or orphaned, so far. */
  seconds(): number;
  dispose(): void;
}

/**
 * A child's own clock (`/proc/self/stat` with its reaped children) misses processes whose parent exits
 * without reaping them: Chromium's zygote, and with it every renderer it forked, is orphaned when the
 * browser closes. A cgroup counts them all. Null where cgroups cannot be made (not root, cgroup v2 only).
 */
export function treeCpuOf(pid: number, name: string): TreeCpu | null {
  const dir = join(CPUACCT, `pricecrawl-bench-${name}-${process.pid}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, 'cgroup.procs'), String(pid));
  } catch {
    return null;
  }
  const usage = () => Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8')) / 1e9;
  return {
    seconds: usage,
    dispose: () => {
      try {
        rmdirSync(dir); // possible once every process in it has exited
      } catch {
        // a straggler still runs (an orphaned renderer): the empty cgroup is left, harmlessly
      }
    },
  };
}
