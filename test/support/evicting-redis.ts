// Turns eviction on in a running test redis-server and makes it evict at once, as an operator's change would.
import { execFileSync } from 'node:child_process';

/**
 * A policy that evicts keys with a TTL, then the server filled past a lowered maxmemory with someone else's
 * keys: it evicts there and then. A run's meta and queues carry no TTL and stay; other keys go.
 */
export function startEvicting(port: number, password?: string): void {
  const cli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(port), ...(password ? ['--no-auth-warning', '-a', password] : []), ...args]).toString();
  cli('CONFIG', 'SET', 'maxmemory-policy', 'volatile-lru');
  cli('EVAL', "for i = 1, 2000 do redis.call('SET', 'cache:' .. i, string.rep('x', 1000), 'EX', 3600) end", '0');
  const used = /^used_memory:(\d+)/m.exec(cli('INFO', 'memory'))![1];
  cli('CONFIG', 'SET', 'maxmemory', String(Number(used) - 1_000_000));
}
