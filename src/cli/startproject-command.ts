// `pricecrawl startproject <dir>`: writes a project that depends on this pricecrawl, as `scrapy startproject` does.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { SettingsError } from '../core/errors';
import { packageRoot } from '../core/package-root';
import { pricecrawlDependency } from '../app/scaffold/dependency-spec';
import { projectFiles } from '../app/scaffold/project-files';

export async function startprojectCommand(dir: string): Promise<number> {
  const root = resolve(dir);
  if (existsSync(root) && readdirSync(root).length > 0) throw new SettingsError(`startproject: ${root} exists and is not empty; pick a new folder (startproject never overwrites)`);
  const files = projectFiles({ name: basename(root), pricecrawlSpec: pricecrawlDependency(packageRoot()), allowScripts: ownAllowScripts() });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content, { flag: 'wx' });
  }
  const lines = [
    `created ${root}:`,
    ...Object.keys(files).sort().map((path) => `  ${path}`),
    '',
    'next:',
    `  cd ${dir} && npm install`,
    '  npx pricecrawl demo --serve --port 8080      # in another terminal',
    '  npx pricecrawl crawl example -o items.jsonl',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** The install scripts pricecrawl's own dependencies need (its package.json's `allowScripts`), for the project to allow. */
function ownAllowScripts(): Record<string, boolean> {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
  return { ...manifest.allowScripts };
}
