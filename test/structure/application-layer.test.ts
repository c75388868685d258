// The application layer (src/app: run assembly, contracts, scaffold, report, export, schedule, projects) and the
// CLI sit above the engine: nothing below them imports them, and the engine names no particular component.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachable, root, sourceFiles } from './import-graph';

/** The machinery under the application layer, and the components it runs. */
const BELOW_APP = ['src/core', 'src/engine', 'src/ports', 'src/downloader', 'src/pipeline', 'src/politeness', 'src/fetch', 'src/events', 'src/components', 'src/spider-middleware', 'middlewares', 'spider-middlewares', 'pipelines', 'extensions'];
const ABOVE = ['src/app/', 'src/cli/', 'spiders/', 'demo/', 'storage/'];
/** Folders of particular components the engine must never name. */
const COMPONENTS = ['middlewares/', 'spider-middlewares/', 'pipelines/', 'extensions/', 'spiders/'];

describe('the application layer sits above the engine', () => {
  it('finds the application layer where the docs say it is', () => {
    for (const dir of ['src/app/crawl', 'src/app/contracts', 'src/app/scaffold', 'src/app/report', 'src/app/export', 'src/app/schedule', 'src/app/project']) {
      expect(sourceFiles(dir).length, dir).toBeGreaterThan(0);
    }
  });

  it('no import chain from the machinery below reaches the application layer, the CLI, spiders or a backend', () => {
    const chains: string[] = [];
    for (const file of BELOW_APP.flatMap(sourceFiles)) {
      for (const [target, chain] of reachable(file)) if (ABOVE.some((dir) => target.startsWith(dir))) chains.push(chain.join(' → '));
    }
    expect(chains).toEqual([]);
  });

  it('the application layer and the CLI reach backends only through the composition root (storage/open-backends.ts)', () => {
    // A report or catalog reading frontier.sqlite itself would see no failures of a run on a Redis frontier.
    const direct = ['src/app', 'src/cli'].flatMap(sourceFiles).flatMap((file) =>
      [...reachable(file)].filter(([target, chain]) => chain.length === 2 && target.startsWith('storage/') && target !== 'storage/open-backends.ts').map(([target]) => `${file} → ${target}`),
    );
    expect(direct).toEqual([]);
  });

  it('the engine imports no particular middleware, stage, extension or spider', () => {
    const named = sourceFiles('src/engine').flatMap((file) =>
      readFileSync(join(root, file), 'utf8').split('\n').filter((line) => /^import\b/.test(line) && COMPONENTS.some((dir) => line.includes(`/${dir}`))).map((line) => `${file}: ${line}`),
    );
    expect(named).toEqual([]);
  });
});
