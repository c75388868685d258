// What a component's lifecycle hook or event handler may return: the crawl awaits it and ignores its value.

/**
 * A promise is awaited (its rejection is the hook's failure), then the value is dropped. Typed `unknown`, not
 * `void | Promise<void>`, because that union refused code that is right: `close() { return this.db.close(); }`
 * (better-sqlite3 returns the database), `write(items) { return pool.query(…); }`, `(e) => seen.push(e.url)`.
 * TypeScript lets any return type stand for a bare `void`, but not for one inside a union.
 */
export type HookResult = unknown;
