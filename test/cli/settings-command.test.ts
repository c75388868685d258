// `pricecrawl settings --get key`, as `scrapy settings --get`: the value a crawl would run with, from the project's
// file, the spider's own settings, the environment and -s, in their order; a secret stays masked. Before, the
// command did not exist (commander's "unknown command 'settings'" and the whole help).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const SPIDER = `
import { Spider } from 'pricecrawl';
export class SlowSpider extends Spider {
  name = 'slow';
  settings = { politeness: { minIntervalMs: 4000 } };
}
`;

describe('pricecrawl settings', { timeout: 120_000 }, () => {
  let project: TeamProject;
  beforeAll(() => {
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ politeness: { minIntervalMs: 1500, jitterMs: 0 }, storage: { url: 'postgres://crawler:hunter2@127.0.0.1:5432/prices' } }),
      'spiders/slow.mjs': SPIDER,
    });
  });
  afterAll(() => project.cleanup());

  const settings = (...args: string[]) => cli(['settings', ...args], { cwd: project.root, env: { ...process.env, PRICECRAWL_POLITENESS__JITTER_MS: '25' } });

  it('--get prints the value each layer leaves: the file, the spider (--spider), the environment, -s', async () => {
    expect((await settings('--get', 'politeness.minIntervalMs')).stdout).toBe('1500\n');
    expect((await settings('--get', 'politeness.minIntervalMs', '--spider', 'slow')).stdout).toBe('4000\n');
    expect((await settings('--get', 'politeness.minIntervalMs', '--spider', 'slow', '-s', 'politeness.minIntervalMs=9000')).stdout).toBe('9000\n');
    expect((await settings('--get', 'politeness.jitterMs')).stdout).toBe('25\n');
    const section = await settings('--get', 'politeness');
    expect(JSON.parse(section.stdout)).toMatchObject({ minIntervalMs: 1500, jitterMs: 25 });
    expect(section.code).toBe(0);
  });

  it('masks a secret, in one value and in the whole settings', async () => {
    const one = await settings('--get', 'storage.url');
    expect(one.stdout).not.toContain('hunter2');
    expect(one.stdout).toContain('127.0.0.1:5432/prices');
    const all = await settings();
    expect(all.stdout).not.toContain('hunter2');
    expect(JSON.parse(all.stdout)).toMatchObject({ politeness: { minIntervalMs: 1500 } });
  });

  it('masks a proxy URL written with the slashes the URL parser forgives (http:/u:pw@, http:\\u:pw@), which it uses with the password', async () => {
    const run = await settings('--get', 'sessions.proxyUrls', '-s', 'sessions.proxyUrls=["http:/u:hunter3@127.0.0.1:3128","http:\\\\u:hunter4@127.0.0.1:3129"]');
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(['http:/***@127.0.0.1:3128', 'http:\\***@127.0.0.1:3129']);
  });

  it('masks a header carrying credentials under a name of its own (X-Custom: Basic …) or a secret\'s name, and keeps the rest', async () => {
    const headers = { 'X-Custom': 'Basic Y3Jhd2xlcjpodW50ZXI1', 'X-Auth-Token': 'hunter6', 'X-Api-Key': 'hunter7', Accept: 'text/html' };
    const run = await settings('--get', 'http.headers', '-s', `http.headers=${JSON.stringify(headers)}`);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ 'X-Custom': 'Basic ***', 'X-Auth-Token': '***', 'X-Api-Key': '***', Accept: 'text/html' });
  });

  it('a key that names no setting is refused with the one meant, exit 2', async () => {
    const run = await settings('--get', 'politeness.minIntervalMS');
    expect(run.stderr).toContain('settings --get politeness.minIntervalMS: no such setting; did you mean "politeness.minIntervalMs"?');
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });
});
