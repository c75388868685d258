// The built-in extensions (the alarms) are observers: listed by name, switched off with `false`, replaced by a project's own, and the stages they once were point there.
import { describe, expect, it } from 'vitest';
import { assembleExtensions, BUILT_IN_EXTENSIONS } from '../../extensions/index';
import { defaultPipeline } from '../../pipelines/index';
import { Stats } from '../../src/engine/stats';
import { CrawlEventBus } from '../../src/events/crawl-events';
import { resolveSettings } from '../../src/settings/load-settings';
import { capturingLogger } from '../pipeline/pipeline-fixtures';

const settingsWith = (values: Record<string, unknown>) => resolveSettings([{ name: 'cli', origin: 'test', values }]).settings;
const alarmContext = () => {
  const { log } = capturingLogger();
  return { stats: new Stats(), log, events: new CrawlEventBus(log) };
};
const names = (values: Record<string, unknown>, added: Parameters<typeof assembleExtensions>[2] = []) => assembleExtensions(settingsWith(values), alarmContext(), added).map((c) => `${c.name} (${c.origin})`);

describe('built-in extensions', () => {
  it('are the two alarms, in the pipeline no more', () => {
    expect(names({})).toEqual(['null-price-alarm (built-in)', 'listing-drop-alarm (built-in)']);
    expect([...BUILT_IN_EXTENSIONS]).toEqual(['null-price-alarm', 'listing-drop-alarm']);
    expect(defaultPipeline(settingsWith({})).map((stage) => stage.name)).not.toContain('null-price-alarm');
  });

  it('are switched off with false, and a project extension of the same name replaces one in place', () => {
    expect(names({ extensions: { 'null-price-alarm': false } })).toEqual(['listing-drop-alarm (built-in)']);
    const own = { name: 'listing-drop-alarm', origin: './extensions/listings.ts', value: { register: () => undefined } };
    expect(names({}, [own])).toEqual(['null-price-alarm (built-in)', 'listing-drop-alarm (./extensions/listings.ts)']);
  });

  it('refuse to switch off one that does not exist, with the closest name', () => {
    expect(() => names({ extensions: { 'null-price-alarms': false } })).toThrow(/^extensions\.null-price-alarms: false switches a built-in extension off, and none is named "null-price-alarms"; did you mean "null-price-alarm"\?; built-in extensions: null-price-alarm, listing-drop-alarm$/);
  });

  it('tell a project that still disables an alarm as a stage where it went', () => {
    expect(() => defaultPipeline(settingsWith({ pipeline: { disabled: ['null-price-alarm'] } }))).toThrow('pipeline.disabled: "null-price-alarm" is no stage any more but an extension (it only watches); switch it off with  extensions: { "null-price-alarm": false }');
  });
});
