// The embedded frontier as a Crawlee storage client's backend: a run's queue on its rows in <storage.dir>/frontier.sqlite.
import type { QueueBackend } from '../../src/queue/frontier-storage-client';
import { queueInfo } from '../../src/queue/queue-info';
import { acquireFrontierConnection } from './frontier-connection';
import { FrontierQueueClient } from './frontier-queue-client';
import { getRun, listRuns } from './frontier-runs';
import { runCounts } from './frontier-summary';

export function sqliteQueueBackend(dir: string, keyOf: (url: string) => string): QueueBackend {
  const connection = acquireFrontierConnection(dir);
  return {
    queueClient: (runId, queueOptions) => new FrontierQueueClient({ connection, runId, hostKeyOf: keyOf, clientKey: queueOptions?.clientKey }),
    info: async (runId) => {
      const run = getRun(connection.db, runId);
      return run ? queueInfo(run, runCounts(connection.db, runId)) : undefined;
    },
    runIds: async () => listRuns(connection.db).map((run) => run.runId),
    close: async () => connection.release(),
  };
}
