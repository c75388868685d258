// What several command lines share: a repeatable option's collector and the help of the store and feed options.
/** Collects a repeatable option's values in order (`-s a=1 -s b=2`). */
export const collect = (value: string, previous: string[]) => [...previous, value];
/**
 * Where a password goes instead of the command line, which `ps` shows every user of the machine (and /proc keeps
 * while the process lives: we cannot rewrite what the shell passed): the environment or the config file.
 */
const OFF_THE_COMMAND_LINE = (variable: string) => `; a password is better in ${variable} or the config file: ps shows a command line to every user`;
export const STORE_HELP = `items, history, fetch log, raw pages and run records: sqlite: (default, files in the storage directory) or postgres://user@host:port/db${OFF_THE_COMMAND_LINE('PRICECRAWL_STORAGE__URL, PGPASSWORD')}`;
/** `--frontier` (the setting frontier.url) of the commands that run on or read a shared frontier: what it is for, and what is used without it. */
export const FRONTIER_HELP = (what: string, otherwise: string) => `${what}, redis://host:port (default: the frontier.url setting, else ${otherwise})${OFF_THE_COMMAND_LINE('PRICECRAWL_FRONTIER__URL')}`;
/** `-s`: any setting has an environment name too. */
export const SET_HELP = 'override a setting by dotted path, e.g. -s politeness.minIntervalMs=500 (repeatable); a secret is better in the environment (PRICECRAWL_SESSIONS__PROXY_URLS for sessions.proxyUrls): ps shows a command line to every user';

export const FEED_APPEND_HELP = 'feed of the run\'s items, written as they are stored; appends to the file (repeatable). Format from the extension (.jsonl .json .csv .xml) or file:format';
export const FEED_OVERWRITE_HELP = 'like -o, but overwrites the file (repeatable)';
