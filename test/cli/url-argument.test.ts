// fetch, parse and shell given a URL without its scheme (or no URL at all): one line naming the URL meant, exit 2, not "Invalid URL".
import { describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';

describe.concurrent('a URL argument without its scheme', { timeout: 60_000 }, () => {
  it.each([
    ['fetch', ['fetch', '127.0.0.1:8311/p/A-1'], 'pricecrawl: fetch 127.0.0.1:8311/p/A-1: not an absolute http(s) URL; did you mean http://127.0.0.1:8311/p/A-1 ?\n'],
    ['fetch (host:port reads as a scheme)', ['fetch', 'localhost:8080/p/1'], 'pricecrawl: fetch localhost:8080/p/1: not an absolute http(s) URL; did you mean http://localhost:8080/p/1 ?\n'],
    ['parse', ['parse', 'shop.example/p/1', '--spider', 'demo-jsonld'], 'pricecrawl: parse shop.example/p/1: not an absolute http(s) URL; did you mean https://shop.example/p/1 ?\n'],
    ['shell', ['shell', 'shop.example/p/1'], 'pricecrawl: shell shop.example/p/1: not an absolute http(s) URL; did you mean https://shop.example/p/1 ?\n'],
    ['fetch of no URL', ['fetch', 'notaurl'], 'pricecrawl: fetch notaurl: not an absolute http(s) URL (e.g. https://shop.example/p/1)\n'],
    ['shell of a missing file', ['shell', 'page.html'], 'pricecrawl: shell page.html: no such file, and not an http(s) URL; give a saved page or a URL such as https://shop.example/p/1\n'],
  ])('%s', async (_name, args, stderr) => {
    const run = await cli(args);
    expect(run.stderr).toBe(stderr);
    expect(run.code).toBe(2);
  });
});
