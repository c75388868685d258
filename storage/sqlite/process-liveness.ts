// Whether a lock or lease holder on this machine is still alive, so its work can be reclaimed at once.
import { hostname } from 'node:os';

export const thisHostname = hostname();

/** Signal 0 checks existence without touching the process; EPERM means it exists under another user. */
export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
