// `pricecrawl demo --serve`: keeps the demo shops listening (fixed ports with --port) until Ctrl-C, for tutorials.
import { once } from 'node:events';
import { startDemoShops, startJsShop } from '../../demo/demo-shops';

export async function demoServe(opts: { port?: number }): Promise<number> {
  const base = opts.port;
  const ports = base === undefined ? undefined : { 'json-ld': base, microdata: base + 1, 'locale-text': base + 2 };
  const demo = await startDemoShops({ ports });
  const js = await startJsShop({ port: base === undefined ? undefined : base + 3 }).catch(async (error: unknown) => {
    await demo.close();
    throw error;
  });
  for (const shop of [...demo.shops, ...js.shops]) process.stdout.write(`${shop.origin}  ${shop.name} (crawled by ${shop.spider})\n`);
  process.stdout.write('serving the demo shops on loopback; Ctrl-C stops them\n');
  await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  await Promise.all([demo.close(), js.close()]);
  return 0;
}
