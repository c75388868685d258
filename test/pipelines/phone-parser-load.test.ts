// The phone parser (libphonenumber-js, ~300 modules) loads with the first text that may hold a phone number, not with the first item.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PiiRedactionStage } from '../../pipelines/pii-redaction-stage';
import { Stats } from '../../src/engine/stats';
import { capturingLogger, pipelineContext, testSettings } from '../pipeline/pipeline-fixtures';

/** Whether Node's CommonJS loader (which the stage requires the parser through) holds the package. */
const phoneParserLoaded = (): boolean => Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/node_modules/libphonenumber-js/'));

describe('the phone parser', () => {
  it('stays unloaded while no text holds seven digits, and then loads and redacts', () => {
    const settings = testSettings();
    const ctx = pipelineContext(settings, capturingLogger().log, new Stats());
    const stage = new PiiRedactionStage(settings.redaction);
    expect(phoneParserLoaded(), 'loaded before the test: this file must run on its own').toBe(false);
    const plain = stage.process({ sku: '4006381333931', name: 'Kettle 1500 W', price: '$1,299.00', url: 'https://shop.test/p/123456789', note: 'ask shop@example.com' }, undefined, ctx);
    expect(plain).toMatchObject({ sku: '4006381333931', name: 'Kettle 1500 W', note: 'ask [redacted]' });
    expect(phoneParserLoaded()).toBe(false);
    expect(stage.process({ sku: 'a', note: 'call +1 212 555 0187' }, undefined, ctx)).toMatchObject({ note: 'call [redacted]' });
    expect(phoneParserLoaded()).toBe(true);
  });
});
