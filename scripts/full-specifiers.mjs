// Rewrites the relative imports of emitted declaration files to full specifiers ('./core/spider' → './core/spider.js').
//
// Why: the sources import each other without extensions, and tsc copies those specifiers into the .d.ts
// files as they are. A project whose tsconfig resolves as Node does ("module": "NodeNext", what `tsc --init`
// writes) cannot resolve './core/spider' inside an ES module package, so every pricecrawl type became `any`
// there (silently under skipLibCheck: a spider was not type-checked at all). With the file named in full both
// Node's resolution and the bundler's find it.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** `from '…'` (import, export … from) and `import('…')` type expressions, relative specifiers only. */
const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*?)\2/g;

/** Rewrites every .d.ts under `dir`; returns the specifiers that name no emitted declaration (left as they are). */
export function fullySpecifyDeclarations(dir) {
  const unresolved = [];
  for (const file of declarationFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(RELATIVE_SPECIFIER, (whole, lead, quote, specifier) => {
      const full = fullSpecifier(dirname(file), specifier);
      if (full === null) unresolved.push(`${file}: ${specifier}`);
      return full === null ? whole : `${lead}${quote}${full}${quote}`;
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
  return unresolved;
}

function fullSpecifier(from, specifier) {
  if (/\.(js|mjs|cjs|json)$/.test(specifier)) return specifier;
  if (existsSync(join(from, `${specifier}.d.ts`))) return `${specifier}.js`;
  if (existsSync(join(from, specifier, 'index.d.ts'))) return `${specifier}/index.js`;
  return null;
}

function* declarationFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* declarationFiles(path);
    else if (path.endsWith('.d.ts')) yield path;
  }
}
