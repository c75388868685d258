// `pricecrawl crawl --help` says every cause of each exit code, as the summary and README do.
import { describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';

describe('crawl --help', { timeout: 30_000 }, () => {
  it("names all three causes of exit 4 (before: only transient failures, so a run lost to a broken callback or a whole host read as a network problem)", async () => {
    const run = await cli(['crawl', '--help']);
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('4 finished, but work was lost: requests failed for transient reasons');
    expect(help).toContain('a whole host gave no item (LOST WHOLE HOSTS)');
    expect(help).toContain("the project's own code threw on pages, items or events (LOST TO ERRORS IN CODE)");
    expect(run.code).toBe(0);
  });
});
