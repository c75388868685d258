// A component entry written as Scrapy writes one (an order number, None to disable a built-in) stops with what to write instead.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/settings/load-settings';
import { orderComponents } from '../../src/components/order-components';

/** The message loading a project file with `config` stops with. */
function refusal(config: object): string {
  const cwd = mkdtempSync(join(tmpdir(), 'pc-scrapy-'));
  writeFileSync(join(cwd, 'pricecrawl.config.json'), JSON.stringify(config));
  try {
    loadSettings({ cwd, env: {} });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('loaded');
}

const BY_NAME = 'components stand by name, not by number: { "module": "./middlewares/….ts", "after": "<name>" } (or "before"); the start-up log lists the order';

describe('component entries written the Scrapy way', () => {
  it('an order number beside the module names before/after (before: "unknown setting", no way out)', () => {
    expect(refusal({ middlewares: { add: { 'skip-gone': { module: './middlewares/skip-gone.ts', order: 543 } } } })).toBe(
      `invalid settings:\n  middlewares.add.skip-gone.order: unknown setting (from config); ${BY_NAME}`,
    );
    expect(refusal({ pipeline: { add: { tag: { module: './pipelines/tag.ts', priority: 300 } } } })).toContain(
      'pipeline.add.tag.priority: unknown setting (from config); components stand by name, not by number: { "module": "./pipelines/….ts", "after": "<name>" }',
    );
  });

  it('a number in place of the entry names before/after (before: "expected object, received number")', () => {
    expect(refusal({ middlewares: { add: { 'skip-gone': 543 } } })).toBe(`invalid settings:\n  middlewares.add.skip-gone: Invalid input: expected object, received number (from config); ${BY_NAME}`);
  });

  it('null (Scrapy\'s None) or false for a built-in names the disabled list (before: "expected object, received null")', () => {
    expect(refusal({ middlewares: { add: { retry: null } } })).toBe('invalid settings:\n  middlewares.add.retry: Invalid input: expected object, received null (from config); to leave a built-in out, list its name in middlewares.disabled');
    expect(refusal({ pipeline: { add: { dedupe: false } } })).toContain('pipeline.add.dedupe: Invalid input: expected object, received boolean (from config); to leave a built-in out, list its name in pipeline.disabled');
  });

  it('a component placed after one the disabled list leaves out says so (before: a did-you-mean of another name)', () => {
    const builtIns = ['http-errors', 'offsite', 'retry'].map((name) => ({ name, value: name, origin: 'built-in' }));
    const place = () => orderComponents(builtIns, [{ name: 'skip-gone', value: 'x', origin: './x.ts', after: 'offsite' }], { section: 'middlewares', kind: 'middleware', disabled: ['offsite'], defaultBefore: null });
    expect(place).toThrow('middlewares.add.skip-gone: after names "offsite", which is not in the chain: middlewares.disabled leaves it out; name a middleware still in the chain (in it: http-errors, retry, skip-gone)');
  });
});

describe('the layer a bad value came from', () => {
  it('names the environment variable that holds it (before: "(from env)", leaving the variable to guess among the environment)', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'pc-env-layer-'));
    const load = () => loadSettings({ cwd, env: { PRICECRAWL_POLITENESS__MIN_INTERVAL_MS: 'fast', PRICECRAWL_RETRY__MAX_ATTEMPTS: '3' } });
    expect(load).toThrow('invalid settings:\n  politeness.minIntervalMs: Invalid input: expected number, received string (from env PRICECRAWL_POLITENESS__MIN_INTERVAL_MS)');
    expect(refusal({ politeness: { minIntervalMs: -1 } })).toBe('invalid settings:\n  politeness.minIntervalMs: Too small: expected number to be >=0 (from config)');
  });
});
