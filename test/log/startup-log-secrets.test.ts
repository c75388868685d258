// The start-up log's overridden settings: a header set by its own path (`-s http.headers.X-Partner=…`) shows its credentials masked, as the whole settings do.
import { describe, expect, it } from 'vitest';
import { logStartup } from '../../src/app/crawl/startup-log';
import { createLogger } from '../../src/log/logger';
import { loadSettings } from '../../src/settings/load-settings';
import { logSink } from '../support/test-crawl';

describe('the start-up log', () => {
  it('masks a header\'s credentials by their shape when the header is a setting of its own, and keeps what holds none', () => {
    const loaded = loadSettings({ cwd: '/nonexistent', cliPairs: ['http.headers={"X-Partner":"Bearer p4rtner-T0ken-1"}', 'http.headers.X-Upstream=Basic dXBzdHJlYW06czNjcmV0', 'http.headers.Accept=text/html'] });
    const sink = logSink();
    logStartup(createLogger({ level: 'debug', format: 'json', destination: sink.stream }), { runId: 'r1', resumed: false, loaded, middlewares: [], spiderMiddlewares: [], stages: [], extensions: [] });
    const text = JSON.stringify(sink.lines);
    expect(text).not.toContain('p4rtner-T0ken-1');
    expect(text).not.toContain('dXBzdHJlYW06czNjcmV0');
    expect(text).toContain('Bearer ***');
    expect(text).toContain('text/html');
  });
});
