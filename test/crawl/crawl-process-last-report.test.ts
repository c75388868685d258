// The first process of `crawl --processes N` judges another by its last report, which may arrive after its exit.
import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CrawlProcesses } from '../../src/app/crawl/crawl-processes';
import { Stats } from '../../src/engine/stats';

/**
 * Node emits a child's 'exit' once it is reaped, and a message it sent just before may still be in the IPC
 * channel, whose end ('disconnect') is read after its last message. Measured with real forked children that send and
 * exit: the message came after 'exit' 1 time in 1,500. A joining process that reported
 * and exited 0 was then taken for one that crashed: CRAWL PROCESSES CRASHED and exit 2 on a clean run, and
 * the summary was made without its counters. The stand-in below replays that order, which real processes
 * give too rarely to test by.
 */
function childReportingAfterExit(): ChildProcess & { finish(): void } {
  const child = new EventEmitter() as ChildProcess & { finish(): void };
  Object.assign(child, { pid: 4242, connected: true });
  child.finish = () => {
    child.emit('exit', 0, null);
    child.emit('message', { type: 'pricecrawl/counters', counters: { 'http/status/200': 7 }, peaks: [] });
    // The channel's end, read after its last message.
    Object.assign(child, { connected: false });
    child.emit('disconnect');
    child.emit('close', 0, null);
  };
  return child;
}

describe('a joining process whose report arrives after its exit', () => {
  it('counts as finished, with its counters in the run', async () => {
    const child = childReportingAfterExit();
    const stats = new Stats();
    const processes = new CrawlProcesses({ count: 2, start: () => child }, stats, pino({ level: 'silent' }));
    processes.runOpened('run-1', () => undefined);
    child.finish();
    const [exit] = await processes.done();
    expect(exit).toMatchObject({ slot: 1, code: 0, reported: true });
    expect(stats.get('processes/crashed')).toBe(0);
    expect(stats.get('http/status/200')).toBe(7);
  });
});
