// What several command lines share: a repeatable option's collector and the help of the store and feed options.
/** Collects a repeatable option's values in order (`-s a=1 -s b=2`). */
export const collect = (value: string, previous: string[]) => [...previous, value];
export const STORE_HELP = 'items, history, fetch log, raw pages and run records: sqlite: (default, files in the storage directory) or postgres://user@host:port/db';

export const FEED_APPEND_HELP = 'feed of the run\'s items, written as they are stored; appends to the file (repeatable). Format from the extension (.jsonl .json .csv .xml) or file:format';
export const FEED_OVERWRITE_HELP = 'like -o, but overwrites the file (repeatable)';
