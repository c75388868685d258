// `pricecrawl genspider <name> <domain>`: writes a typed spider, registers it, and writes its contract stubs.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SettingsError } from '../core/errors';
import { fixtureDir, saveFixture } from '../app/contracts/fixture-file';
import { findProject } from '../app/project/find-project';
import { fixtureStubs } from '../app/scaffold/fixture-stub';
import { registerSpider } from '../app/scaffold/register-spider';
import { spiderSource, type TemplateName, type TemplateVars } from '../app/scaffold/spider-template';

export const TEMPLATES = ['basic', 'browser', 'structured', 'rate-matrix'] as const;

export interface GenspiderOptions {
  template: (typeof TEMPLATES)[number];
  root?: string;
}

/** "shop.example", "127.0.0.1:8081" or a URL → the allowedDomains entry and the start URL. */
export function domainVars(name: string, domain: string): TemplateVars {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new SettingsError(`genspider: spider name "${name}" must be kebab-case (lower-case letters, digits, "-"), e.g. acme-shop`);
  let url: URL;
  try {
    url = new URL(domain.includes('://') ? domain : `${/^(localhost|\d+\.\d+\.\d+\.\d+)(:\d+)?$/.test(domain) ? 'http' : 'https'}://${domain}/`);
  } catch {
    throw new SettingsError(`genspider: "${domain}" is not a host name, host:port or URL (e.g. shop.example or 127.0.0.1:8081)`);
  }
  const pascal = name.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, ch: string) => ch.toUpperCase());
  return { name, pascal, domain: url.host, startUrl: url.href };
}

export async function genspiderCommand(name: string, domain: string, opts: GenspiderOptions): Promise<number> {
  const root = opts.root ?? findProject().root;
  const vars = domainVars(name, domain);
  const file = join(root, 'spiders', `${name}.ts`);
  if (existsSync(file)) throw new SettingsError(`genspider: ${file} exists; pick another name or delete it first (genspider never overwrites)`);
  if (existsSync(fixtureDir(root, name))) throw new SettingsError(`genspider: ${fixtureDir(root, name)} exists; pick another name or delete it first`);
  const template = opts.template as TemplateName;
  mkdirSync(join(root, 'spiders'), { recursive: true });
  writeFileSync(file, spiderSource(template, vars), { flag: 'wx' });
  const registered = registerSpider(join(root, 'spiders', 'index.ts'), name, `${vars.pascal}Spider`);
  const fixtures = fixtureStubs(template, vars).map((fixture) => saveFixture(root, fixture).sidecar);
  const lines = [
    `created ${file} (${template} template, class ${vars.pascal}Spider, allowedDomains ['${vars.domain}'], start ${vars.startUrl})`,
    registered ? `registered "${name}" in spiders/index.ts` : `"${name}" was already registered in spiders/index.ts`,
    `contract stubs: ${fixtures.join(', ')}`,
    '',
    'next:',
    `  pricecrawl check ${name}                      # the stubs pass against the template's sample pages`,
    `  pricecrawl fetch ${vars.startUrl} --save ${name}/listing-live${template === 'browser' ? ' --browser' : ''}   # record a real page, then adapt the selectors`,
    `  pricecrawl crawl ${name} -o items.jsonl`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
