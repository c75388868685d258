# Baseline child: Scrapy (Debian python3-scrapy, run with /usr/bin/python3) on the bench site.
# Reads the job from BENCH_JOB like the other crawler children and prints one {"benchResult": ...} line.
import json
import os
import resource
import time
from urllib.parse import urlsplit

import scrapy
from scrapy.crawler import CrawlerProcess

JOB = json.loads(os.environ["BENCH_JOB"])
LISTING_LINKS = "a.category-link, a.product-card__link, a[rel=next]"


def slot_of(url):
    # Scrapy keys download slots by hostname without the port; our hosts differ by port only.
    return urlsplit(url).netloc


class BenchShopSpider(scrapy.Spider):
    name = "bench-shop"

    def start_requests(self):
        for url in JOB["seeds"]:
            yield scrapy.Request(url, meta={"download_slot": slot_of(url)})

    def parse(self, response):
        for href in response.css(LISTING_LINKS).xpath("@href").getall():
            url = response.urljoin(href)
            callback = self.parse_product if href.startswith("/p/") else self.parse
            yield scrapy.Request(url, callback=callback, meta={"download_slot": slot_of(url)})

    def parse_product(self, response):
        yield {
            "sku": response.css("[itemprop=sku]::text").get("").strip(),
            "name": response.css("h1[itemprop=name]::text").get("").strip(),
            "price": response.css(".price-now::text").get("").strip(),
            "currency": response.css("meta[itemprop=priceCurrency]::attr(content)").get(),
            "url": response.url,
        }


def main():
    polite = JOB["minIntervalMs"] > 0
    settings = {
        "LOG_LEVEL": "WARNING",
        "TELNETCONSOLE_ENABLED": False,
        "ROBOTSTXT_OBEY": False,
        "CONCURRENT_REQUESTS": JOB["concurrency"],
        "CONCURRENT_REQUESTS_PER_DOMAIN": JOB["perHostConcurrency"],
        "DOWNLOAD_DELAY": JOB["minIntervalMs"] / 1000,
        "RANDOMIZE_DOWNLOAD_DELAY": False,
        "RETRY_ENABLED": False,
        "FEEDS": {os.path.join(JOB["storageDir"], "scrapy-items.jsonl"): {"format": "jsonlines"}},
        "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    }
    if JOB.get("adaptiveThrottle"):
        # Storm scenario: Scrapy's closest settings, AutoThrottle and its retry middleware (429 is in its default codes).
        settings.update({"AUTOTHROTTLE_ENABLED": True, "RETRY_ENABLED": True})
    if polite:
        # The scheduler Scrapy documents for crawls over many domains (fills slots per domain fairly).
        settings["SCHEDULER_PRIORITY_QUEUE"] = "scrapy.pqueues.DownloaderAwarePriorityQueue"
    process = CrawlerProcess(settings=settings)
    crawler = process.create_crawler(BenchShopSpider)
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_SELF)
    process.crawl(crawler)
    process.start()
    seconds = time.perf_counter() - started
    stats = crawler.stats.get_stats()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (usage.ru_utime + usage.ru_stime) - (before.ru_utime + before.ru_stime)
    result = {
        "crawler": "scrapy",
        "pages": stats.get("downloader/response_status_count/200", 0),
        "items": stats.get("item_scraped_count", 0),
        "failed": stats.get("downloader/response_count", 0) - stats.get("downloader/response_status_count/200", 0),
        "seconds": round(seconds, 3),
        "cpuSeconds": round(cpu, 3),
        "peakRssMb": round(usage.ru_maxrss / 1024, 3),
        "extra": {"version": scrapy.__version__},
    }
    print(json.dumps({"benchResult": result}), flush=True)


if __name__ == "__main__":
    main()
