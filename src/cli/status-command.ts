// `pricecrawl status --frontier redis://…`: one run's queues per host, leases, paused hosts, workers and throughput.
import { whyOf } from '../crawl/progress-view';
import { connectRedis } from '../frontier/redis-connect';
import { table } from './summary-text';
import { readRunStatus, resolveRunId, type RunStatusReport } from '../../storage/redis/redis-status';

export interface StatusCommandOptions {
  frontier: string;
  run?: string;
  spider?: string;
  json?: boolean;
}

export async function statusCommand(opts: StatusCommandOptions): Promise<number> {
  const redis = await connectRedis(opts.frontier, { maxRetriesPerRequest: 1 });
  try {
    const runId = await resolveRunId(redis, opts);
    if (runId === null) {
      process.stderr.write(`pricecrawl: no runs on ${opts.frontier}\n`);
      return 1;
    }
    const status = await readRunStatus(redis, runId);
    if (!status.meta.spider) {
      process.stderr.write(`pricecrawl: no run ${runId} on ${opts.frontier}\n`);
      return 1;
    }
    process.stdout.write(opts.json ? `${JSON.stringify(status)}\n` : `${formatStatus(status)}\n`);
    return status.planned === status.succeeded + status.failed + status.pending ? 0 : 1;
  } finally {
    redis.disconnect();
  }
}

const ms = (value: number): string => (value > 0 ? `${(value / 1000).toFixed(1)} s` : '-');

export function formatStatus(s: RunStatusReport): string {
  const startedAt = Number(s.meta.startedAt ?? s.nowMs);
  const endedAt = s.meta.finishedAt ? Number(s.meta.finishedAt) : s.nowMs;
  const elapsedS = Math.max(0.001, (endedAt - startedAt) / 1000);
  const settled = s.succeeded + s.failed;
  const lines = [
    `run ${s.runId} of spider ${s.meta.spider}: ${s.meta.status}${s.seeding ? ' (seeding)' : ''}, ${elapsedS.toFixed(1)} s`,
    '',
    table([['outcome', 'requests'], ['planned', s.planned], ['succeeded', s.succeeded], ['failed', s.failed], ['pending', s.pending]]),
    s.planned === settled + s.pending
      ? `accounting: planned ${s.planned} = succeeded ${s.succeeded} + failed ${s.failed} + pending ${s.pending}  ✓`
      : `accounting BROKEN: planned ${s.planned} ≠ succeeded ${s.succeeded} + failed ${s.failed} + pending ${s.pending}`,
    `leases in flight: ${s.leases}, reclaimed from dead workers: ${s.reclaimed}`,
    `throughput: ${(s.settledLast10s / 10).toFixed(1)} requests/s (last 10 s), ${(settled / elapsedS).toFixed(1)} requests/s overall`,
  ];
  const hosts = Object.entries(s.byHost).sort(([a], [b]) => a.localeCompare(b));
  if (hosts.length > 0) {
    const header: [string, ...string[]] = ['host', 'queued', 'delayed', 'leased', 'sending', 'done', 'interval', 'why', 'next slot', 'paused for', 'breaker'];
    const rows = hosts.map(([host, h]) => {
      const why = whyOf({ pausedUntilMs: s.nowMs + h.pausedForMs, pauseCause: h.pauseCause ?? null, intervalCause: h.intervalCause }, s.nowMs);
      return [host, h.queued, h.delayed, h.leased, h.inflight, h.succeeded + h.failed, `${h.intervalMs} ms`, why, ms(h.nextOpenInMs), ms(h.pausedForMs), h.breaker] as [string, ...Array<string | number>];
    });
    lines.push('', table([header, ...rows]));
  }
  const workers = Object.entries(s.workers).sort(([a], [b]) => a.localeCompare(b));
  if (workers.length > 0) {
    lines.push('', table([['worker', 'leases', 'heartbeat'], ...workers.map(([id, w]) => [id, w.leases, `${(w.heartbeatAgoMs / 1000).toFixed(1)} s ago`] as [string, number, string])]));
  }
  const reasons = Object.entries(s.failedByReason).sort(([, a], [, b]) => b - a);
  if (reasons.length > 0) lines.push('', 'failures by reason:', ...reasons.map(([r, n]) => `  ${r}: ${n}`));
  return lines.join('\n');
}
