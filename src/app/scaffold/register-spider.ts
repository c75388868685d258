// Adds a spider to spiders/index.ts: one import and one registry line, idempotent, written atomically.
import { readFileSync } from 'node:fs';
import { SettingsError } from '../../core/errors';
import { replaceFile } from '../../core/replace-file';

const REGISTRY = /(export const spiderRegistry: Record<string, SpiderClass> = \{\n)([\s\S]*?)(\n\};)/;
const LOCAL_IMPORT = /^import .* from '\.\/[^']+';$/gm;

/** Returns false when the name was already registered (nothing written). */
export function registerSpider(indexPath: string, name: string, className: string): boolean {
  const source = readFileSync(indexPath, 'utf8');
  const registry = REGISTRY.exec(source);
  if (!registry) {
    throw new SettingsError(`${indexPath}: cannot find "export const spiderRegistry: Record<string, SpiderClass> = {"; add  '${name}': ${className},  to the registry by hand`);
  }
  if (new RegExp(`^\\s*'${name}':`, 'm').test(registry[2])) return false;
  const imports = [...source.matchAll(LOCAL_IMPORT)];
  const importLine = `import { ${className} } from './${name}';`;
  const at = imports.length > 0 ? imports[imports.length - 1].index + imports[imports.length - 1][0].length : source.indexOf('\n', source.indexOf('import ')) ;
  let next = `${source.slice(0, at)}\n${importLine}${source.slice(at)}`;
  next = next.replace(REGISTRY, (_all, open: string, body: string, close: string) => `${open}${body}\n  '${name}': ${className},${close}`);
  replaceFile(indexPath, next);
  return true;
}
