// Module hooks for tests: appends the URL of every module resolved (ES imports) to $MODULE_TRACE_FILE.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.MODULE_TRACE_FILE, `${result.url}\n`);
  return result;
}
