// The bytes of one hop's answer that are its page, read by what its status says the answer holds.
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { headerValue, type AnswerHeaders } from './answer-headers';
import { readBody } from './body-reader';
import type { FetchDeadline } from './fetch-deadline';
import type { FetchOptions } from './fetcher';
import { REDIRECT_STATUSES, type HopRequest } from './redirect-policy';
import { dropUnwantedBody, readNoBody } from './unwanted-body';

type HopAnswer = Dispatcher.ResponseData<object>;

/** Answers that end at their headers (RFC 9112 §6.3); HEAD's undici already reads so. */
const BODILESS_STATUSES = new Set([204, 304]);

/** The hop and fetch an answer belongs to, and the fetcher's cap and log. */
export interface AnswerRead {
  hop: HopRequest;
  options: FetchOptions;
  deadline: FetchDeadline;
  maxBodyBytes: number;
  logger: Logger | undefined;
}

/**
 * The bytes of a hop's answer that are its page: none for a redirect (read away, or cut if it takes long),
 * a 204 or 304 (their head is all there is, whatever it frames), or a 205: RFC 9110 §15.3.6 forbids it
 * content and Chromium shows none, so content framed by its head is read away (it was the page, priced).
 */
export async function readAnswerBody(response: HopAnswer, headers: AnswerHeaders, socket: Socket | undefined, read: AnswerRead): Promise<Buffer> {
  const { hop, options, deadline } = read;
  const status = response.statusCode;
  if (BODILESS_STATUSES.has(status)) return readNoBody(response.body, deadline.signal, { transferEncoding: headerValue(headers, 'transfer-encoding'), socket });
  if (REDIRECT_STATUSES.has(status) || status === 205) {
    await dropUnwantedBody(response.body, deadline.signal);
    return Buffer.alloc(0);
  }
  return readBody(response.body, {
    contentEncoding: headerValue(headers, 'content-encoding'),
    transferEncoding: headerValue(headers, 'transfer-encoding'),
    contentLength: headerValue(headers, 'content-length'),
    contentType: headerValue(headers, 'content-type'),
    maxBodyBytes: read.maxBodyBytes,
    truncateAt: options.readAtMostBytes,
    textFile: options.textFile,
    onIgnoredCoding: (coding) => read.logger?.warn({ url: hop.url, coding }, 'Content-Encoding that names no coding ignored: the body is text'),
  });
}
