// The add script's arguments: each request with its host, score and the host's policy, which the script stores for the gate.
import { randomUUID } from 'node:crypto';
import type { CrawlRequest } from '../../src/core/request';
import { priorityScore } from '../../src/frontier/priority-score';
import type { RedisFrontierOptions } from './redis-frontier-options';

export function addArgv(requests: CrawlRequest[], options: RedisFrontierOptions, nowMs: number): Array<string | number> {
  const argv: Array<string | number> = [options.settings.seenTtlMs, options.intervalMarginMs ?? 0, 'set'];
  for (const request of requests) {
    const host = options.hostKeyOf(request.url);
    const policy = options.policyFor(host);
    // dontFilter requests must never collide, so each gets a fingerprint of its own.
    const fingerprint = request.dontFilter ? `${request.fingerprint}#${randomUUID()}` : request.fingerprint;
    const score = priorityScore(request, options.settings.priority, nowMs);
    argv.push(fingerprint, host, score, JSON.stringify(request), policy.maxConcurrency, policy.minIntervalMs, policy.jitterMs);
  }
  return argv;
}
