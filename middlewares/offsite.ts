// Offsite middleware: requests outside the spider's allowedDomains fail as `offsite` before any fetch.
import { isAllowedUrl } from '../src/downloader/offsite-rules';
import { CONTINUE, fail, type DownloaderMiddleware } from '../src/downloader/middleware';

export class OffsiteMiddleware implements DownloaderMiddleware {
  readonly name = 'offsite';

  processRequest: DownloaderMiddleware['processRequest'] = (request, ctx) => {
    if (isAllowedUrl(request.url, ctx.spider.allowedDomains)) return CONTINUE;
    ctx.stats.inc('offsite/filtered');
    return fail('offsite', `${new URL(request.url).host} is not in allowedDomains of spider ${ctx.spider.name}`);
  };
}
