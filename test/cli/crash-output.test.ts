// An error nothing caught (thrown from a spider's timer, a promise rejected with no handler): the crash report on
// stderr shows the error and its stack, never a password, a token or an escape sequence the error carried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const PASSWORD = 'cr4sh-Passw0rd-417';
const TOKEN = 'cr4sh-T0ken-528';
const REDIS_PASSWORD = 'cr4sh-R3dis-639';

/** A driver-like error: its message quotes the connection URL (and a page's OSC 52 clipboard write), its own fields the options. */
const SPIDER = `
import { Spider } from 'pricecrawl';
function driverError() {
  const error = new Error('cannot reach postgres://shop:${PASSWORD}@127.0.0.1:9/prices after \\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2J\\u009b31m\\u202egnp.exe');
  error.options = { connectionString: 'redis://:${REDIS_PASSWORD}@127.0.0.1:9', apiToken: '${TOKEN}' };
  return error;
}
export class CrashSpider extends Spider {
  name = 'crash';
  startUrls = ['http://127.0.0.1:9/p'];
  constructor(...rest) {
    super(...rest);
    if (this.args.mode === 'throw') setImmediate(() => { throw driverError(); });
    else Promise.reject(driverError());
  }
  async *parse() {}
}
`;

describe('a crash on an error nothing caught', { timeout: 60_000 }, () => {
  let project: TeamProject;
  beforeAll(() => {
    project = teamProject({ 'spiders/crash.mjs': SPIDER, 'pricecrawl.config.json': JSON.stringify({ robots: { obey: false }, log: { format: 'json' } }) });
  });
  afterAll(() => project.cleanup());

  it.each(['throw', 'reject'])('(%s) prints the error masked and without escape sequences, exit 1', async (mode) => {
    const run = await cli(['crawl', 'crash', '-a', `mode=${mode}`], { cwd: project.root });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('cannot reach postgres://***@127.0.0.1:9/prices');
    expect(run.stderr).toMatch(/at .*crash\.mjs/); // the stack is kept: a crash is a bug to find
    expect(run.stderr).toContain("apiToken: '***'");
    expect(run.stderr).toContain('redis://***@127.0.0.1:9');
    const screen = run.stdout + run.stderr;
    for (const secret of [PASSWORD, TOKEN, REDIS_PASSWORD]) expect(screen).not.toContain(secret);
    expect(screen).not.toMatch(/[\x1b\x07\x9b\u202e]/);
  });
});
