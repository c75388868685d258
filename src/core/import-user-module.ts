// Imports a project's own module (spider, middleware, stage, extension) by path: TypeScript or JavaScript, always ESM.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

/** Marks the URL of a project module so the format hook below loads it as an ES module. */
const ESM_MARK = 'pricecrawl-esm';

/**
 * A project file is ours to interpret: `.ts` and `.js` outside a `"type": "module"` package would load
 * as CommonJS (and fail on `import`, or on the require cycle back into the engine), so files given by
 * path load as ES modules whatever folder they sit in. The hook runs after tsx's (hooks chain last
 * registered first), keeps the URL and only sets the format; `.cts`/`.cjs` keep theirs.
 */
const FORMAT_HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  return result.url.includes(${JSON.stringify(ESM_MARK)}) ? { ...result, format: 'module' } : result;
}`;

let hooks: Promise<void> | null = null;

/** tsx compiles TypeScript on import; registered on first use, so commands that load no project file never pay for it. */
function registerHooks(): Promise<void> {
  hooks ??= (async () => {
    const { register: registerTsx } = await import('tsx/esm/api');
    registerTsx();
    register(`data:text/javascript,${encodeURIComponent(FORMAT_HOOK)}`);
  })();
  return hooks;
}

export async function importUserModule(path: string): Promise<Record<string, unknown>> {
  await registerHooks();
  const url = pathToFileURL(path);
  if (!/\.c[tj]s$/.test(path)) url.search = ESM_MARK;
  return (await import(url.href)) as Record<string, unknown>;
}
