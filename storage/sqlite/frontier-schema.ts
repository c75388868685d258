// DDL of frontier.sqlite: runs, the per-run request ledger (also the run's Crawlee request queue), workers.
export const FRONTIER_SCHEMA_VERSION = 6;

/**
 * requests is both the queue and the ledger: a row is never deleted, only moved between states,
 * so planned = succeeded + failed + pending can be counted from it at any time.
 * requests_pick serves the per-host pick (best priority, then FIFO by id); it is partial, so rows
 * leave it when leased and finishing a request touches one index less. requests_leased (also
 * partial) serves crash recovery. There is deliberately no (run_id, state) index: every lease and
 * outcome would move an entry in it (measured -25 % next+markHandled throughput). The summary walks
 * requests_run instead, whose entries never change after the insert: it reads one run's rows in
 * insertion order (~0.4 s per walk per million rows, other runs untouched), and counts pending rows
 * from the two partial indexes (frontier-summary.ts).
 * runs.item_store names the store a run keeps its items in (storage/run-item-store.ts): a resume with
 * another store is refused.
 * lease_fence is the fencing token of the request's latest engine lease (src/frontier/lease-fence.ts): its items
 * carry it, and the next lease of the request (a retry, a resume after a crash) gets a greater one; runs.last_fence
 * is the greatest token the run gave out, so every later lease of any request is above it. items_fence is
 * that token when the request was acknowledged with items stored: a resume checks the item store holds them
 * (unstored-acks.ts), since a storage dir copied file by file can hold an items file older than its frontier.
 * failed_at (epoch ms) is set with state 'failed' only: a report and the catalog say when work was lost,
 * and the hot path (succeed) writes nothing more.
 * host_gates keeps per run and host what the host gate must not forget over a resume (a pause, the
 * breaker, the throttle's interval, Crawl-delay) as JSON (ports/host-gate.ts GateRecord); it is written
 * only when one of those changes, never per request.
 * The same rows are the run's Crawlee request queue (storage/sqlite/frontier-queue-client.ts);
 * queue_changes tells a running frontier which hosts such a client made pending (queue-changes.ts).
 * run_hosts, run_slots and run_seeders serve several crawl processes on one run (`crawl --processes N`):
 * each host is numbered in the order the run first saw it and sent to by the one process holding its slot
 * (storage/sqlite/host-shares.ts); a seeder's row says the queues may still grow.
 */
export const FRONTIER_DDL = `
CREATE TABLE IF NOT EXISTS runs (
  run_id      TEXT PRIMARY KEY,
  spider      TEXT NOT NULL,
  started_at  INTEGER NOT NULL,
  finished_at INTEGER,
  status      TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS runs_by_spider ON runs (spider, started_at);

CREATE TABLE IF NOT EXISTS requests (
  id          INTEGER PRIMARY KEY,
  run_id      TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  host        TEXT NOT NULL,
  state       TEXT NOT NULL CHECK (state IN ('pending', 'in_progress', 'succeeded', 'failed')),
  priority    INTEGER NOT NULL,
  not_before  INTEGER NOT NULL DEFAULT 0,
  attempt     INTEGER NOT NULL DEFAULT 0,
  worker_id   TEXT,
  reason      TEXT,
  status      INTEGER,
  failed_at   INTEGER,
  lease_fence INTEGER,
  items_fence INTEGER,
  json        TEXT NOT NULL,
  UNIQUE (run_id, fingerprint)
) STRICT;
CREATE INDEX IF NOT EXISTS requests_pick ON requests (run_id, host, priority DESC, id) WHERE state = 'pending';
CREATE INDEX IF NOT EXISTS requests_leased ON requests (run_id) WHERE state = 'in_progress';
CREATE INDEX IF NOT EXISTS requests_run ON requests (run_id, id);

CREATE TABLE IF NOT EXISTS workers (
  worker_id    TEXT PRIMARY KEY,
  pid          INTEGER NOT NULL,
  hostname     TEXT NOT NULL,
  started_at   INTEGER NOT NULL,
  heartbeat_at INTEGER NOT NULL,
  start_ticks  TEXT
) STRICT;

CREATE TABLE IF NOT EXISTS host_gates (
  run_id TEXT NOT NULL,
  host   TEXT NOT NULL,
  state  TEXT NOT NULL,
  PRIMARY KEY (run_id, host)
) STRICT;

CREATE TABLE IF NOT EXISTS queue_changes (
  run_id TEXT NOT NULL,
  host   TEXT NOT NULL,
  seq    INTEGER NOT NULL,
  PRIMARY KEY (run_id, host)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS queue_changes_seq ON queue_changes (run_id, seq);

CREATE TABLE IF NOT EXISTS run_hosts (
  run_id  TEXT NOT NULL,
  host    TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  PRIMARY KEY (run_id, host)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS run_slots (
  run_id    TEXT NOT NULL,
  slot      INTEGER NOT NULL,
  worker_id TEXT NOT NULL,
  PRIMARY KEY (run_id, slot)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS run_seeders (
  run_id    TEXT NOT NULL,
  worker_id TEXT NOT NULL,
  PRIMARY KEY (run_id, worker_id)
) STRICT, WITHOUT ROWID;

-- Crawlee's queues once had tables of their own here; the run's requests are the queue now.
DROP TABLE IF EXISTS rq_requests;
DROP TABLE IF EXISTS rq_queues;
`;
