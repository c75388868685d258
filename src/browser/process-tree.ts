// Process memory from /proc: the summed RSS or PSS of a process and all its descendants (a Chromium and its renderers).
import { readdirSync, readFileSync } from 'node:fs';

interface ProcessInfo {
  ppid: number;
  rssBytes: number;
}

/** Every readable process's parent and resident set; processes that exit meanwhile are skipped. */
function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'latin1');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      // Kernel threads and zombies have no VmRSS line.
      const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
      table.set(Number(entry), { ppid, rssBytes: rssKb * 1024 });
    } catch {
      // gone between readdir and read
    }
  }
  return table;
}

/** `rootPid` and all its descendants, root first; empty when it is gone. */
export function processTreePids(rootPid: number, table = processTable()): number[] {
  if (!table.has(rootPid)) return [];
  const children = new Map<number, number[]>();
  for (const [pid, info] of table) children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  const tree: number[] = [];
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Sends `signal` to `rootPid` and every descendant (listed first, so none slips away as an orphan); ones that exit meanwhile are skipped. */
export function signalProcessTree(rootPid: number, signal: NodeJS.Signals): void {
  for (const pid of processTreePids(rootPid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // exited meanwhile
    }
  }
}

/** Sum of RSS over `rootPid` and its descendants: a page shared by N processes is counted N times (what `ps` shows). */
export function processTreeRssBytes(rootPid: number): number {
  const table = processTable();
  return processTreePids(rootPid, table).reduce((sum, pid) => sum + (table.get(pid)?.rssBytes ?? 0), 0);
}

/**
 * Sum of proportional set size over `rootPid` and its descendants: a page shared by N processes counts 1/N
 * in each, so the sum counts it once. Chromium's renderers share most of their code and fonts with the zygote:
 * summed RSS counts those many times. A process whose smaps_rollup cannot be read (kernel before 4.14, or
 * another user's) counts its RSS, which over- rather than under-states.
 */
export function processTreePssBytes(rootPid: number): number {
  const table = processTable();
  return processTreePids(rootPid, table).reduce((sum, pid) => sum + (pssBytesOf(pid) ?? table.get(pid)?.rssBytes ?? 0), 0);
}

function pssBytesOf(pid: number): number | null {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1');
    const kb = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** Direct children of `parentPid` whose command line contains `marker`. */
export function childPidsWithArg(parentPid: number, marker: string): number[] {
  const found: number[] = [];
  for (const [pid, info] of processTable()) {
    if (info.ppid !== parentPid) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(marker)) found.push(pid);
    } catch {
      // exited
    }
  }
  return found;
}

/** Kernel clock ticks per second in /proc/<pid>/stat (USER_HZ: 100 on every Linux architecture Chromium runs on). */
const USER_HZ = 100;

/** When `pid` started, as Date.now() time (to 10 ms), or null when it is gone or /proc cannot tell. */
export function processStartedAtMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name may hold spaces and parentheses: the fields start after its last ')'; starttime is field 22.
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const uptimeMs = Number(readFileSync('/proc/uptime', 'latin1').split(' ')[0]) * 1000;
    if (!Number.isFinite(startTicks) || !Number.isFinite(uptimeMs)) return null;
    return Date.now() - (uptimeMs - (startTicks * 1000) / USER_HZ);
  } catch {
    return null;
  }
}
