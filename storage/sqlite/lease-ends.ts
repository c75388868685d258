// How a leased request ends in frontier.sqlite: handled, failed or deferred, each write durable before it resolves.
import type { CrawlRequest } from '../../src/core/request';
import type { DeferOptions } from '../../src/ports/frontier';
import { storedForDefer } from '../../src/frontier/deferred-row';
import type { FrontierStatements } from './frontier-statements';
import type { GroupCommit } from './group-commit';
import type { ReadyHosts } from './ready-hosts';

export interface LeaseEndParts {
  runId: string;
  statements: FrontierStatements;
  commits: GroupCommit;
  ready: ReadyHosts;
  /** The frontier's leases in progress: id → host key (ended here). */
  leases: Map<string, string>;
  hostKeyOf: (url: string) => string;
}

export class LeaseEnds {
  constructor(private readonly parts: LeaseEndParts) {}

  async markHandled(request: CrawlRequest, status: number | null): Promise<void> {
    const id = this.rowId(request);
    // The ack stands for the items this lease stored: a resume finds them in the item store, or fetches the page again.
    const itemsFence = request.itemsStored > 0 ? request.leaseFence : null;
    this.settle(request, this.parts.commits.write(() => this.parts.statements.succeed.run(status, itemsFence, id, this.parts.runId)).changes, 'markHandled');
    await this.parts.commits.durable();
  }

  async fail(request: CrawlRequest, reason: string, status: number | null): Promise<void> {
    const id = this.rowId(request);
    this.settle(request, this.parts.commits.write(() => this.parts.statements.fail.run(reason, status, Date.now(), id, this.parts.runId)).changes, 'fail');
    await this.parts.commits.durable();
  }

  async defer(request: CrawlRequest, untilMs: number, options: DeferOptions = {}): Promise<void> {
    const bump = options.countAttempt ? 1 : 0;
    const id = this.rowId(request);
    const host = this.parts.leases.get(String(id)) ?? this.parts.hostKeyOf(request.url);
    // The deferral count and a redirect's resume point live in the stored request (rewritten only then); the attempt has its own column.
    const stored = storedForDefer(request, options);
    const json = stored === null ? null : JSON.stringify(stored);
    const changes = this.parts.commits.write(() => this.parts.statements.defer.run(untilMs, bump, options.reason ?? null, json, id, this.parts.runId)).changes;
    this.settle(request, changes, 'defer');
    request.attempt += bump;
    if (options.countDeferral) request.deferrals += 1;
    this.parts.ready.countPending(host);
    this.parts.ready.wake(host, untilMs);
    await this.parts.commits.durable();
  }

  private rowId(request: CrawlRequest): number {
    if (request.id === null) throw new Error(`request ${request.url} has no frontier id: it was never added`);
    return Number(request.id);
  }

  private settle(request: CrawlRequest, changes: number, action: string): void {
    if (changes !== 1) throw new Error(`${action}: request ${request.id} (${request.url}) is not in progress in run ${this.parts.runId}`);
    this.parts.leases.delete(request.id!);
  }
}
