// pricecrawl demo --serve: the four demo shops stay up (on the ports asked for) until SIGINT, as the tutorial needs.
import { describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';

describe('pricecrawl demo --serve', { timeout: 180_000 }, () => {
  it('serves every shop until SIGINT, then exits 0', async () => {
    let status = 0;
    const run = await cli(['demo', '--serve'], {
      onStart: (child) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (!out.includes('Ctrl-C stops them')) return;
          const locale = /^(http:\/\/127\.0\.0\.1:\d+) {2}Kaufhaus Lindner/m.exec(out)?.[1];
          void fetch(`${locale}/shop/liste/alle`)
            .then((res) => (status = res.status))
            .finally(() => child.kill('SIGINT'));
        });
      },
    });
    expect(run.code).toBe(0);
    expect(run.stdout.match(/^http:\/\/127\.0\.0\.1:\d+ {2}.+ \(crawled by demo-[a-z]+\)$/gm)).toHaveLength(4);
    expect(status).toBe(200);
  });
});
