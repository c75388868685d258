// `node --import` this file into a pricecrawl process: on the first request undici creates, and at exit, it
// writes one line `{"startupProbe": …}` to stderr with the process's wall and CPU milliseconds so far
// (performance.now() counts from process start; CPU counts every thread, the loader's included).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return Math.round((usage.user + usage.system) / 1000);
};
const report = (at) => process.stderr.write(`${JSON.stringify({ startupProbe: { at, wallMs: Math.round(performance.now()), cpuMs: cpuMs() } })}\n`);
const onCreate = () => {
  unsubscribe('undici:request:create', onCreate);
  report('first-request');
};
subscribe('undici:request:create', onCreate);
process.on('exit', () => report('exit'));
