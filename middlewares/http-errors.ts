// HTTP error middleware: a non-2xx response nobody handled earlier ends as `http/<status>`.
import { accept, fail, type DownloaderMiddleware } from '../src/downloader/middleware';

/**
 * First in the list, so it sees responses last: retry, breaker and block detection (later in the list)
 * get the first word on 429/5xx; whatever is still non-2xx here is a terminal failure.
 */
export class HttpErrorsMiddleware implements DownloaderMiddleware {
  readonly name = 'http-errors';

  processResponse: DownloaderMiddleware['processResponse'] = (_request, response) => {
    if (response.status >= 200 && response.status < 300) return accept(response);
    return fail(`http/${response.status}`, `HTTP ${response.status} from ${response.url}`);
  };
}
