// `node --import` this file to list the modules a process loads: ES imports via a resolve hook, CommonJS
// requires from the require cache at exit, one file URL or path per line in $MODULE_TRACE_FILE.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

register('./module-trace-hooks.mjs', import.meta.url);
const require = createRequire(import.meta.url);
process.on('exit', () => appendFileSync(process.env.MODULE_TRACE_FILE, `${Object.keys(require.cache).join('\n')}\n`));
