// The insert of a batch of requests into frontier.sqlite: one transaction, duplicates ignored by fingerprint.
import { randomUUID } from 'node:crypto';
import type { CrawlRequest } from '../../src/core/request';
import type { FrontierStatements } from './frontier-statements';
import type { SqliteDb } from './open-frontier-db';
import type { QueueChanges } from './queue-changes';

export interface InsertParts {
  db: SqliteDb;
  runId: string;
  statements: FrontierStatements;
  queueChanges: QueueChanges;
  hostKeyOf: (url: string) => string;
  /** The host is this process's to send to. */
  owns: (host: string) => boolean;
}

export interface InsertedRow {
  request: CrawlRequest;
  host: string;
  id: string;
}

/** The batch's insert as one transaction, to run in the group commit; returns the rows it inserted. */
export function insertTransaction(parts: InsertParts, requests: CrawlRequest[]): () => InsertedRow[] {
  return parts.db.transaction(() => {
    const inserted: InsertedRow[] = [];
    for (const request of requests) {
      const host = parts.hostKeyOf(request.url);
      // dontFilter requests must never collide, so each gets a fingerprint of its own.
      const fingerprint = request.dontFilter ? `${request.fingerprint}#${randomUUID()}` : request.fingerprint;
      const result = parts.statements.insert.run(parts.runId, fingerprint, host, request.priority, request.attempt, JSON.stringify(request));
      if (result.changes === 1) inserted.push({ request, host, id: String(result.lastInsertRowid) });
    }
    // Another process's host: its owner recounts the host from the journal, committed with the rows.
    for (const host of new Set(inserted.map((row) => row.host))) if (!parts.owns(host)) parts.queueChanges.note(parts.runId, host);
    return inserted;
  });
}
