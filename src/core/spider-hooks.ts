// The Spider methods the crawl calls itself (seeding, recrawls, end of run, a dry queue): never a request's callback.

export const SPIDER_HOOKS: ReadonlySet<string> = new Set(['constructor', 'start', 'request', 'catalogRequest', 'fallbackRequest', 'closed', 'idle']);

/** Whether `name` may be a request's callback: not a hook, not `_private`. */
export const isCallbackName = (name: string): boolean => !SPIDER_HOOKS.has(name) && !name.startsWith('_');
