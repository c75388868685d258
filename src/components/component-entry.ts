// How a project names one of its own components in settings: the module to load, where it stands, its options.
import { z } from 'zod';

/**
 * `middlewares.add`, `pipeline.add`: `{ "sign-requests": { "module": "./middlewares/sign.ts", "after": "sessions" } }`.
 * The key is the component's name in the chain. A key that names a built-in replaces it in place, or, with
 * `before`/`after`, where they say; without a module it moves the built-in itself (Scrapy's
 * `DOWNLOADER_MIDDLEWARES = {'…RetryMiddleware': 650}`).
 * `before`/`after` name another component (built-in or added); without either an added middleware
 * stands next to the fetcher's end of the built-ins it may not pass (see the chain's default anchor)
 * and an added stage runs after the built-in stages.
 */
export const orderedComponentEntry = z
  .object({
    /** Path of the module, relative to the project folder (where pricecrawl.config.json is); absent: a built-in moved. */
    module: z.string().min(1).optional(),
    /** The export to use; `default` when absent. */
    export: z.string().min(1).optional(),
    before: z.string().min(1).optional(),
    after: z.string().min(1).optional(),
    /** Passed to the component's constructor or factory as is. */
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()
  .refine((entry) => !(entry.before && entry.after), 'set before or after, not both')
  .refine((entry) => entry.module !== undefined || entry.before !== undefined || entry.after !== undefined, 'set module (a component of the project\'s), or before/after to move the built-in of this name')
  .refine((entry) => entry.module !== undefined || (entry.export === undefined && Object.keys(entry.options).length === 0), 'export and options need a module: a built-in moved by before/after keeps its own settings');

/** `middlewares`, `spiderMiddlewares`: an ordered list's names to leave out (built-in or added) and the project's own by name. */
export const orderedComponentList = () =>
  z
    .object({
      disabled: z.array(z.string()).default([]),
      add: z.record(z.string(), orderedComponentEntry).default({}),
    })
    .strict()
    .prefault({});

/** `pipeline.sinks`, `extensions`: unordered components (sinks run in name order, extensions all hear every event). */
export const componentEntry = z
  .object({
    module: z.string().min(1),
    export: z.string().min(1).optional(),
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

/** A sink also says whether the ack waits for it. */
export const sinkEntry = componentEntry
  .extend({
    /**
     * true: a request is acknowledged only after this sink took its items (a failure fails their
     * batch, so the requests stay unacknowledged and are fetched again). false: best effort, failures logged.
     */
    durable: z.boolean().default(true),
  })
  .strict();

export type OrderedComponentEntry = z.output<typeof orderedComponentEntry>;
export type ComponentEntry = z.output<typeof componentEntry>;
export type SinkEntry = z.output<typeof sinkEntry>;
