// Registers the frontier's Lua scripts on a connection (EVALSHA via defineCommand) with typed callers.
import type { Redis } from 'ioredis';
import { frontierCallError } from './redis-reply-errors';
import { REQUEUE_ACKS_LUA } from './lua-acks';
import { BATCH_LUA } from './lua-batch';
import { ADD_LUA, PICK_LUA } from './lua-pick';
import { DEFER_LUA, PAUSE_LUA, RENEW_LUA, RETURN_ALL_LUA, SETTLE_LUA } from './lua-lease';
import { BREAKER_LUA, BREAKERS_LUA, CRAWL_DELAY_LUA, GATES_LUA, INTERVALS_LUA, NOTE_SEND_LUA, PROBE_LUA, THROTTLED_LUA } from './lua-intervals';
import { CLAIM_END_LUA, FINISH_RUN_LUA, OPEN_RUN_LUA, STATUS_LUA, SUMMARY_LUA } from './lua-run';

const SCRIPTS = {
  add: ADD_LUA,
  pick: PICK_LUA,
  batch: BATCH_LUA,
  settle: SETTLE_LUA,
  defer: DEFER_LUA,
  pause: PAUSE_LUA,
  intervals: INTERVALS_LUA,
  crawlDelay: CRAWL_DELAY_LUA,
  noteSend: NOTE_SEND_LUA,
  gates: GATES_LUA,
  breaker: BREAKER_LUA,
  breakers: BREAKERS_LUA,
  throttled: THROTTLED_LUA,
  probe: PROBE_LUA,
  renew: RENEW_LUA,
  returnAll: RETURN_ALL_LUA,
  claimEnd: CLAIM_END_LUA,
  finishRun: FINISH_RUN_LUA,
  summary: SUMMARY_LUA,
  status: STATUS_LUA,
  requeueAcks: REQUEUE_ACKS_LUA,
} as const;

type Arg = string | number;
/** Each script takes the run's key prefix first, then its ARGV. */
export type FrontierScripts = Record<keyof typeof SCRIPTS, (prefix: string, ...argv: Arg[]) => Promise<unknown>> & {
  /** KEYS: prefix, the spider's run index. */
  openRun: (prefix: string, runIndex: string, ...argv: Arg[]) => Promise<unknown>;
};

/** All of a run's keys share the `{runId}` hash tag (one Cluster slot). */
export const runPrefix = (runId: string): string => `pricecrawl:{${runId}}:`;
export const runIndexKey = (spider: string): string => `pricecrawl:runs:${spider}`;

type Caller = (...args: Arg[]) => Promise<unknown>;

/** Defines each script as an ioredis command (EVALSHA, reloaded when the server lost it) taking `numberOfKeys` keys first. */
export function defineScripts<K extends string>(redis: Redis, scripts: Record<K, string>, numberOfKeys = 1): Record<K, Caller> {
  const callers = {} as Record<K, Caller>;
  for (const [name, lua] of Object.entries(scripts) as Array<[K, string]>) {
    const command = `pricecrawl_${name}`;
    redis.defineCommand(command, { numberOfKeys, lua });
    const fn = (redis as unknown as Record<string, Caller>)[command];
    callers[name] = (...args: Arg[]) => fn.apply(redis, args);
  }
  return callers;
}

export function frontierScripts(redis: Redis): FrontierScripts {
  return { ...classified(defineScripts(redis, SCRIPTS)), ...classified(defineScripts(redis, { openRun: OPEN_RUN_LUA }, 2)) };
}

/** Each caller with its error replies classified (redis-reply-errors.ts); the first argument is the run's prefix. */
function classified<K extends string>(callers: Record<K, Caller>): Record<K, Caller> {
  for (const name of Object.keys(callers) as K[]) {
    const call = callers[name];
    callers[name] = (...args) => call(...args).catch((error: unknown) => Promise.reject(frontierCallError(error, String(args[0]))));
  }
  return callers;
}
