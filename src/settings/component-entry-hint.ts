// What to write instead, when a component entry is written the way Scrapy's settings write one (an order number, None to disable).
import type { z } from 'zod';

/** `middlewares.add.<name>`, `spiderMiddlewares.add.<name>` and `pipeline.add.<name>`: the ordered component lists. */
const ORDERED = /^(middlewares|spiderMiddlewares|pipeline)\.add\.[^.]+$/;

/**
 * Scrapy places a component by a number (`DOWNLOADER_MIDDLEWARES = {"...": 543}`, `ITEM_PIPELINES`) and
 * disables a built-in with `None`; pricecrawl places it by name and disables it in a list. Written the Scrapy
 * way, the schema only says "unknown setting" or "expected object, received number", which names no way out.
 * '' when the issue is no such case.
 */
export function componentEntryHint(issue: z.core.$ZodIssue, key: string): string {
  const section = key.split('.')[0];
  const entry = key.split('.').slice(0, 3).join('.');
  if (!ORDERED.test(entry)) return '';
  const folder = section === 'pipeline' ? 'pipelines' : 'middlewares';
  const byName = `components stand by name, not by number: { "module": "./${folder}/….ts", "after": "<name>" } (or "before"); the start-up log lists the order`;
  if (issue.code === 'unrecognized_keys' && key !== entry && /^(order|priority|position|index)$/i.test(key.split('.')[3] ?? '')) return `; ${byName}`;
  if (issue.code !== 'invalid_type' || key !== entry) return '';
  if (/received null/.test(issue.message) || /received boolean/.test(issue.message)) return `; to leave a built-in out, list its name in ${section}.disabled`;
  if (/received number/.test(issue.message)) return `; ${byName}`;
  return '';
}
