// The URL genspider is given goes into a committed spider's source: quoted so no part of it becomes code, refused when it holds a secret.
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { spiderSource } from '../../src/app/scaffold/spider-template';
import { domainVars } from '../../src/cli/genspider-command';
import { SettingsError } from '../../src/core/errors';

/** The start URLs the generated spider holds, as JavaScript reads its source. */
function startUrlsOf(source: string): unknown {
  const line = /^ {2}override startUrls = (.*);$/m.exec(source)?.[1];
  return new Function(`return ${line};`)() as unknown;
}

describe('genspider <name> <url>', () => {
  it.each([
    "https://shop.example/women's-shoes/",
    "https://shop.example/a'];console.log('owned');//",
    'foo://shop.example/a\\b',
  ])('writes %s as one string of the spider, whatever quotes or backslashes its path holds', (url) => {
    for (const template of ['basic', 'browser', 'structured'] as const) {
      const vars = domainVars('shop', url);
      const source = spiderSource(template, vars);
      expect(() => transformSync(source, { loader: 'ts' })).not.toThrow();
      expect(startUrlsOf(source)).toEqual([vars.startUrl]);
    }
  });

  it.each([
    ['http://buyer:s3cret@shop.example/', 'http://***@shop.example/'],
    ['https://shop.example/api?api_key=s3cret', 'https://shop.example/api?api_key=***'],
  ])('refuses %s, naming it masked: the source is committed and shared', (url, shown) => {
    expect(() => domainVars('shop', url)).toThrow(SettingsError);
    expect(() => domainVars('shop', url)).toThrow(shown);
    expect(() => domainVars('shop', url)).not.toThrow(/s3cret/);
  });
});
