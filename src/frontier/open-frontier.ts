// Picks the frontier backend from settings: the embedded SQLite one, or a shared Redis one (frontier.url).
import type { Logger } from 'pino';
import { breakerOptionsFromSettings } from '../politeness/breaker-board';
import { HostSlots } from '../politeness/host-slots';
import { policyFromSettings } from '../politeness/host-policy';
import type { HostGate } from '../ports/host-gate';
import { systemClock } from '../politeness/clock';
import type { Settings } from '../settings/schema';
import type { Frontier } from './frontier';
import type { RunStatus } from './frontier-runs';
import { SqliteFrontier } from './sqlite-frontier';
import type { ProcessSlot } from '../../storage/sqlite/host-shares';

export interface OpenFrontierOptions {
  settings: Settings;
  spider: string;
  hostKeyOf: (url: string) => string;
  log: Logger;
  /** Continue the latest unfinished run (embedded frontier) instead of starting a fresh one. */
  resume?: boolean;
  /** Create (or continue) this run id instead of a fresh one. */
  runId?: string;
  /** Join a run another process seeds (shared frontier only); without `runId` the spider's latest running run. */
  join?: boolean;
  /** One of several crawl processes on the embedded frontier (`crawl --processes N`); slot 0 creates and seeds the run, the others join it. */
  processSlot?: ProcessSlot;
}

export interface OpenedFrontier {
  frontier: Frontier;
  /** Records how the run ended; true when this process is the one that closed the run (end-of-run work). */
  finishRun(status: Exclude<RunStatus, 'running'>): Promise<boolean>;
  /** The run's host gate: the middlewares ask and tell it, progress and metrics read it. */
  gate: HostGate;
  /** `crawl --processes`: another process of the run ended; its hosts and leases come to this one. */
  takeOverSlot?(slot: number): void;
}

export async function openFrontier(options: OpenFrontierOptions): Promise<OpenedFrontier> {
  const { settings } = options;
  // The one place the politeness policy is read from settings: every gate, middleware and view asks the gate.
  const policyFor = policyFromSettings(settings.politeness);
  const breaker = breakerOptionsFromSettings(settings);
  if (settings.frontier.url !== '') {
    // Imported on demand: an embedded crawl never loads the Redis client.
    const { RedisFrontier } = await import('./redis-frontier');
    const frontier = await RedisFrontier.open({
      url: settings.frontier.url,
      spider: options.spider,
      runId: options.runId ?? (options.join ? 'latest' : 'new'),
      join: options.join === true,
      seeding: options.join !== true,
      hostKeyOf: options.hostKeyOf,
      policyFor,
      breaker,
      intervalMarginMs: settings.politeness.intervalMarginMs,
      settings: settings.frontier,
      log: options.log,
    });
    return { frontier, finishRun: (status) => frontier.finishRun(status), gate: frontier.gate };
  }
  const slot = options.processSlot;
  if (options.join && !(slot && slot.slot > 0)) throw new Error('joining a running crawl needs a shared frontier: pass --frontier redis://host:port');
  const hostSlots = new HostSlots({ policyFor, marginMs: settings.politeness.intervalMarginMs });
  const frontier = SqliteFrontier.open({
    dir: settings.storage.dir,
    spider: options.spider,
    runId: options.runId ?? (options.resume ? 'resume-latest' : 'new'),
    hostKeyOf: options.hostKeyOf,
    hostSlots,
    breaker,
    clock: systemClock,
    share: slot,
  });
  return {
    frontier,
    gate: frontier.gate,
    takeOverSlot: (slotNo) => frontier.takeOverSlot(slotNo),
    // The first process ends the run, once every other one has (its launcher waits for them).
    finishRun: async (status) => {
      if (options.join) return false;
      frontier.finishRun(status);
      return true;
    },
  };
}
