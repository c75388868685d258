// Which redis-server process answers: its run_id changes with every restart and with a failover to another node.

/**
 * A restart loads what the server last persisted (an RDB snapshot, an AOF fsynced every second), and a
 * failover promotes a replica that may lag: either loses the writes after that point, and the run's keys
 * are still there, consistent but older. Only INFO tells: nothing in the data set survives to say so.
 * INFO, not CONFIG: managed services allow it (eviction-policy.ts reads it too).
 */
export async function serverRunId(redis: { info(section: string): Promise<string> }): Promise<string> {
  const info = await redis.info('server');
  return /^run_id:(\S+)/m.exec(info)?.[1] ?? '';
}
