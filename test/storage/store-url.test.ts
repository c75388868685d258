// The storage URL: sqlite (default) or postgres, validated by the settings schema, never logged with its password.
import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../src/core/errors';
import { logStartup } from '../../src/app/crawl/startup-log';
import { createLogger } from '../../src/log/logger';
import { resolveSettings } from '../../src/settings/load-settings';
import { parseStoreUrl } from '../../src/settings/store-url';
import { logSink } from '../support/test-crawl';

describe('storage.url', () => {
  it('picks the embedded files by default, or PostgreSQL', () => {
    expect(parseStoreUrl(undefined, './crawl-storage')).toEqual({ kind: 'sqlite', dir: './crawl-storage' });
    expect(parseStoreUrl('sqlite:', '/data')).toEqual({ kind: 'sqlite', dir: '/data' });
    expect(parseStoreUrl('sqlite:/elsewhere', '/data')).toEqual({ kind: 'sqlite', dir: '/elsewhere' });
    expect(parseStoreUrl('postgres://crawler@127.0.0.1:5432/prices', '/data')).toEqual({ kind: 'postgres', url: 'postgres://crawler@127.0.0.1:5432/prices' });
    expect(parseStoreUrl('postgresql://127.0.0.1/prices', '/data').kind).toBe('postgres');
  });

  it('is checked at start with its dotted path', () => {
    const load = (url: string) => resolveSettings([{ name: 'cli', origin: '-s', values: { storage: { url } } }]);
    expect(load('postgres://127.0.0.1:5432/db').settings.storage.url).toBe('postgres://127.0.0.1:5432/db');
    expect(() => load('mysql://127.0.0.1/db')).toThrow(SettingsError);
    expect(() => load('mysql://127.0.0.1/db')).toThrow(/storage\.url/);
  });

  it('is logged at start without its password', () => {
    const loaded = resolveSettings([{ name: 'cli', origin: '-s', values: { storage: { url: 'postgres://crawler:s3cret@127.0.0.1:5432/prices' } } }]);
    const sink = logSink();
    logStartup(createLogger({ level: 'info', format: 'json', destination: sink.stream }), { runId: 'r1', resumed: false, loaded, middlewares: [], spiderMiddlewares: [], stages: [], extensions: [] });
    const line = sink.lines.find((entry) => entry.msg === 'overridden settings');
    expect(line?.overridden).toEqual({ 'storage.url': { value: 'postgres://***@127.0.0.1:5432/prices', from: 'cli' } });
  });
});
