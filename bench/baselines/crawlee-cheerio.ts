// Baseline child: vanilla Crawlee CheerioCrawler (default storage, sessions, autoscaling) on the bench site.
// Only the ceiling is set, to the same value every crawler gets. CRAWLEE_STORAGE_DIR comes from the parent.
import { CheerioCrawler, log, LogLevel } from '@crawlee/cheerio';
import { emitResult, peakRssMb, readJob, startClocks } from '../crawlers/crawl-job';

const job = readJob();
log.setLevel(LogLevel.WARNING);
let pages = 0;
let items = 0;
let failed = 0;

const crawler = new CheerioCrawler({
  maxConcurrency: job.concurrency,
  // Vanilla on purpose; 20 hosts × hundreds of pages exceeds no default limit.
  requestHandler: async ({ request, $, enqueueLinks, pushData }) => {
    pages++;
    if (request.label === 'product') {
      await pushData({
        sku: $('[itemprop=sku]').first().text().trim(),
        name: $('h1[itemprop=name]').first().text().trim(),
        price: $('.price-now').first().text().trim(),
        currency: $('meta[itemprop=priceCurrency]').attr('content') ?? null,
        url: request.loadedUrl ?? request.url,
      });
      items++;
      return;
    }
    await enqueueLinks({ selector: 'a.category-link, a[rel=next]' });
    await enqueueLinks({ selector: 'a.product-card__link', label: 'product' });
  },
  failedRequestHandler: () => {
    failed++;
  },
});

const clocks = startClocks();
await crawler.run(job.seeds);
emitResult({
  crawler: 'crawlee',
  pages,
  items,
  failed,
  ...clocks(),
  peakRssMb: peakRssMb(),
});
