// Whether a process on this machine is still alive, exactly: zombies and reused pids count as gone.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export const thisHostname = hostname();

/**
 * A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), as text; null where
 * there is no /proc. With the pid it names one process for the machine's uptime: a pid the kernel hands
 * to a new process gets a later start time, so a stored pair cannot be mistaken for the newcomer.
 */
export function processStartTicks(pid: number = process.pid): string | null {
  return readStat(pid)?.startTicks ?? null;
}

/** Our own start ticks, read once. */
export const thisProcessStartTicks = processStartTicks();

/**
 * Alive unless the pid is gone, is a zombie (`Z`: killed, not yet reaped by its parent; `kill(pid, 0)`
 * still succeeds on it) or dead (`X`), or now belongs to a process that started at another time than
 * `startTicks` (when given). Without /proc (not Linux): signal 0, where EPERM means it exists under
 * another user.
 */
export function isPidAlive(pid: number, startTicks: string | null = null): boolean {
  if (thisProcessStartTicks !== null) {
    const stat = readStat(pid);
    if (stat === null || stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
    return startTicks === null || stat.startTicks === startTicks;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readStat(pid: number): { state: string; startTicks: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); start time is field 22.
  return { state: fields[0], startTicks: fields[19] };
}
