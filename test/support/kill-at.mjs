// Fault injector (node --import): the process SIGKILLs itself at a point named by KILL_AT, as a power cut or
// the OOM killer would, with no chance to clean up. Deterministic: it counts events, never time.
//   KILL_AT=heads:<n>                                   when the n-th response head has arrived (mid-batch)
//   KILL_AT=sql:<before|after>:<n>:<db suffix>:<regex>  before or after the n-th run of a statement whose SQL
//                                                       matches, on a database file whose name ends so
//                                                       (`after:3:items.sqlite:^COMMIT$`: the 3rd item batch
//                                                       is durable, its requests not acknowledged yet)
//   KILL_AT=redis:<n>:<regex>                          once the n-th Redis command whose name and arguments
//                                                       (joined by spaces) match is written, before its answer
//   KILL_WITH=SIGTERM,SIGTERM                           other signals than SIGKILL, sent in turn, each once the
//                                                       process has handled the one before (a second Ctrl-C)
import diagnostics_channel from 'node:diagnostics_channel';
import { createRequire } from 'node:module';

const spec = process.env.KILL_AT ?? '';
const signals = (process.env.KILL_WITH ?? 'SIGKILL').split(',');
const die = () => sendInTurn(signals);

/** Each signal after the process has run the handlers of the one before (its setImmediate comes after them). */
function sendInTurn([signal, ...rest]) {
  process.kill(process.pid, signal);
  if (rest.length > 0) setImmediate(() => sendInTurn(rest));
}

if (spec.startsWith('heads:')) {
  const n = Number(spec.slice('heads:'.length));
  let heads = 0;
  diagnostics_channel.subscribe('undici:request:headers', () => {
    if (++heads === n) die();
  });
} else if (spec.startsWith('sql:')) {
  const [, when, count, dbSuffix, ...pattern] = spec.split(':');
  const n = Number(count);
  const matches = new RegExp(pattern.join(':'));
  // The crawl's own copy of better-sqlite3 (resolved from the package, as the CLI resolves it).
  const Database = createRequire(new URL('../../package.json', import.meta.url))('better-sqlite3');
  const probe = new Database(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('SELECT 1'));
  probe.close();
  let seen = 0;
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = statement[method];
    statement[method] = function (...args) {
      const hit = matches.test(this.source) && String(this.database?.name ?? '').endsWith(dbSuffix) && ++seen === n;
      if (hit && when === 'before') die();
      const result = original.apply(this, args);
      if (hit) die();
      return result;
    };
  }
} else if (spec.startsWith('redis:')) {
  const [, count, ...pattern] = spec.split(':');
  const matches = new RegExp(pattern.join(':'));
  let seen = 0;
  // ioredis traces each command as it writes it (its tracing channel, args of EVAL* in full).
  diagnostics_channel.subscribe('tracing:ioredis:command:start', ({ command, args }) => {
    if (matches.test([command, ...(args ?? [])].join(' ')) && ++seen === Number(count)) die();
  });
} else if (spec !== '') {
  throw new Error(`kill-at.mjs: unreadable KILL_AT=${spec}`);
}
