// Which spider and project middlewares `fetch`, `parse` and `shell` send their request through, said on stderr.
import { projectMiddlewares } from '../app/fetch/one-off-chain';
import type { OneOffMiddlewares } from '../app/fetch/fetch-once';
import { findProject, projectAt } from '../app/project/find-project';
import { Spider } from '../core/spider';
import type { Settings } from '../settings/schema';
import { loadSpiderClass } from './spider-loader';
import { makeSpider } from '../core/make-spider';

/** The spider a middleware sees when the command names none, as Scrapy's `fetch` gives its DefaultSpider. */
class DefaultSpider extends Spider {
  readonly name = 'default';
}

/** `--spider` made with its arguments, or null when the command names none; `root`: the project it is looked up in (`--root`). */
export async function namedSpider(nameOrPath: string | undefined, args: Record<string, string>, root?: string): Promise<Spider | null> {
  return nameOrPath ? makeSpider(await loadSpiderClass(nameOrPath, root === undefined ? findProject() : projectAt(root)), args, nameOrPath) : null;
}

/**
 * The project's own downloader middlewares, loaded as a crawl loads them, with the spider they see; null when
 * the project adds none. The line on stderr names them: the page shown is the one they let through.
 */
export async function throughProjectMiddlewares(settings: Settings, spider: Spider | null, command: string): Promise<OneOffMiddlewares | null> {
  if (Object.keys(settings.middlewares.add).length === 0) return null;
  const middlewares = await projectMiddlewares(settings, findProject().root);
  if (middlewares.length === 0) return null;
  const chosen = spider ?? new DefaultSpider();
  process.stderr.write(`${command}: through the project's downloader middlewares ${middlewares.map((m) => m.name).join(', ')} (spider ${chosen.name})\n`);
  return { spider: chosen, middlewares };
}
