// `pricecrawl genspider <name> <domain>`: writes a typed spider into the project, registers it where a registry names spiders, and writes its contract stubs.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { SettingsError } from '../core/errors';
import { maskSecretsInText } from '../core/mask-secrets';
import { fixtureDir, saveFixture } from '../app/contracts/fixture-file';
import { findProject, projectAt } from '../app/project/find-project';
import { CONFIG_FILE_NAME } from '../settings/load-settings';
import { fixtureStubs } from '../app/scaffold/fixture-stub';
import { registerSpider } from '../app/scaffold/register-spider';
import { spiderSource, type TemplateName, type TemplateVars } from '../app/scaffold/spider-template';

export interface GenspiderOptions {
  template: TemplateName;
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
  // The start URL goes into the spider's source, which is committed and shared: a credential or token in it
  // (`user:pw@`, `?api_key=`) would be too. Refused with the way to pass it instead.
  if (maskSecretsInText(url.href) !== url.href) {
    throw new SettingsError(`genspider: the start URL ${maskSecretsInText(url.href)} holds a credential or token, and the spider's source is committed; give the URL without it, and pass the secret as a spider argument (-a) or an environment variable the spider reads in start()`);
  }
  const pascal = name.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, ch: string) => ch.toUpperCase());
  return { name, pascal, domain: url.host, startUrl: url.href };
}

export async function genspiderCommand(name: string, domain: string, opts: GenspiderOptions): Promise<number> {
  const project = opts.root ? projectAt(resolve(opts.root)) : findProject();
  const root = project.root;
  if (!project.configPath && isInstalledCopy(root)) {
    // Outside any project the "project" is the installed package: a spider written there is lost on the next install.
    throw new SettingsError(`genspider: no ${CONFIG_FILE_NAME} in ${process.cwd()} or above; run it inside a project (create one with  pricecrawl startproject <dir>), or pass --root <project dir>`);
  }
  const vars = domainVars(name, domain);
  const spiderDir = project.spiderDirs[0];
  const file = join(spiderDir, `${name}.ts`);
  if (existsSync(file)) throw new SettingsError(`genspider: ${file} exists; pick another name or delete it first (genspider never overwrites)`);
  if (existsSync(fixtureDir(root, name))) throw new SettingsError(`genspider: ${fixtureDir(root, name)} exists; pick another name or delete it first`);
  const template = opts.template as TemplateName;
  mkdirSync(spiderDir, { recursive: true });
  writeFileSync(file, spiderSource(template, vars), { flag: 'wx' });
  const registration = register(spiderDir, name, `${vars.pascal}Spider`);
  const fixtures = fixtureStubs(template, vars).map((fixture) => saveFixture(root, fixture).sidecar);
  const lines = [
    `created ${file} (${template} template, class ${vars.pascal}Spider, allowedDomains ['${vars.domain}'], start ${vars.startUrl})`,
    registration,
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

/**
 * A folder with an index module names its spiders in `spiderRegistry` (the checkout's spiders/ does): the new
 * one is added there. A folder without one is scanned, so the new file is found by its name as it is.
 */
function register(spiderDir: string, name: string, className: string): string {
  const index = join(spiderDir, 'index.ts');
  if (existsSync(index)) return registerSpider(index, name, className) ? `registered "${name}" in ${index}` : `"${name}" was already registered in ${index}`;
  const other = readdirSync(spiderDir).find((file) => /^index\.(mts|js|mjs)$/.test(file));
  if (other) return `add  '${name}': ${className},  to the spiderRegistry in ${join(spiderDir, other)} (genspider edits only index.ts)`;
  return `${spiderDir} has no index module: its spiders are found by their name, "${name}" included`;
}

/** The package as installed under node_modules (npx from a folder that is no project), not a checkout to develop it in. */
function isInstalledCopy(dir: string): boolean {
  return dir.split(sep).includes('node_modules');
}
