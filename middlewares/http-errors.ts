// HTTP error middleware: a non-2xx response nobody handled earlier ends as `http/<status>`, a 2xx not-found page as `http/soft-404`.
import { accept, fail, type DownloaderMiddleware } from '../src/downloader/middleware';
import { answerContext } from '../src/downloader/answer-context';
import type { BlockRules } from '../src/downloader/block-rules';
import { envelopeReason, errorEnvelopeOf } from '../src/downloader/error-envelope';

/**
 * First in the list, so it sees responses last: retry, breaker and block detection (later in the list)
 * get the first word on 429/5xx; whatever is still non-2xx here is a terminal failure.
 *
 * A 2xx page whose title says the page does not exist (`softNotFound` rules, judged for the host that
 * answered) is a 404 the server did not call one: the product is gone, and the prices its template still
 * shows (recommendations, bestsellers) are other products'. It ends as `http/soft-404`, not retried, and
 * counts as gone in the catalog like a 404.
 *
 * A 2xx whose JSON only reports an error (error-envelope.ts) fails as the status it names (a gone product's
 * `{"code":404,...}` as `http/404`), or as `http/error-envelope` when it names none.
 */
export class HttpErrorsMiddleware implements DownloaderMiddleware {
  readonly name = 'http-errors';

  constructor(private readonly notFound: BlockRules | null = null) {}

  processResponse: DownloaderMiddleware['processResponse'] = (_request, response, ctx) => {
    if (response.status < 200 || response.status >= 300) return fail(`http/${response.status}`, `HTTP ${response.status} from ${response.url}`);
    const envelope = errorEnvelopeOf(response);
    if (envelope) return fail(envelopeReason(envelope), `HTTP ${response.status} from ${response.url} is ${envelope.what}, not the resource`);
    const match = this.notFound?.detect(answerContext(response, ctx).hostKey, response);
    if (match) return fail('http/soft-404', `HTTP ${response.status} from ${response.url} is a not-found page (${match.rule.slice(0, 80)})`);
    return accept(response);
  };
}
