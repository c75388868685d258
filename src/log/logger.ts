// pino logger: pretty on a TTY (one line per entry, as a person reads a log), JSON lines otherwise; secrets redacted before anything is written.
import { pino, type DestinationStream, type Logger } from 'pino';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import { maskSecretsInJsonLine } from '../core/mask-secrets';
import { serializeError } from './error-serializer';
import { terminalSafe, terminalSafeJson, visibleControls } from '../core/terminal-safe';
import type { Settings } from '../settings/schema';

/** Paths whose values never reach a log line, wherever they are bound. */
export const REDACTED_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["proxy-authorization"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["proxy-authorization"]',
  'password',
  '*.password',
  'proxyUrl',
  '*.proxyUrl',
];

export interface LoggerOptions {
  level: Settings['log']['level'];
  format: Settings['log']['format'];
  /** Defaults to stderr so stdout stays free for summaries and exports. */
  destination?: DestinationStream;
  /** Where pretty lines go instead of stderr (the live progress block writes them above itself). */
  prettyDestination?: NodeJS.WritableStream;
  /** `log.file`: JSON lines appended to this file instead of stderr, whatever the format. */
  file?: string;
}

/** Human-readable lines: asked for, or `auto` on a terminal. */
export function prettyLogs(format: Settings['log']['format']): boolean {
  return format === 'pretty' || (format === 'auto' && process.stderr.isTTY === true);
}

export function createLogger(options: LoggerOptions): Logger {
  const base = { level: options.level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: { err: serializeError }, base: undefined };
  // A log file is read by tools (grep, jq, a shipper), never by a terminal: JSON lines, written synchronously so a
  // crawl killed mid-run (kill -9, the OOM killer) leaves every line it logged.
  if (options.file) return pino(base, masking(pino.destination({ dest: options.file, append: true, mkdir: true, sync: true }), terminalSafeJson));
  const usePretty = options.format === 'pretty' || (prettyLogs(options.format) && !options.destination);
  if (usePretty) {
    // Required on demand (a CommonJS package, so synchronously): JSON logs, as under a supervisor or a pipe, never load it.
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
    return pino(base, masking(pretty({ destination: options.prettyDestination ?? 2, sync: true, colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss.l', singleLine: true }), controlsShown));
  }
  return pino(base, masking(options.destination ?? pino.destination({ dest: 2, sync: false }), terminalSafeJson));
}

/**
 * Log fields carry what servers sent (a Location header, an error naming it). JSON lines escape C0
 * controls but leave C1 (U+009B is a CSI on some terminals), DEL and bidi overrides raw; pino-pretty
 * parses the line again and prints the message as is. So a JSON line gets those escaped (same value),
 * and a pretty one has every control in its strings written out as visible text before it is parsed.
 */
function controlsShown(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return terminalSafe(line);
  }
  return `${JSON.stringify(entry, (key, value: unknown) => (typeof value === 'string' ? prettyValue(key, value) : value))}\n`;
}

/**
 * A pretty entry is one line, but pino-pretty prints its message as it is: a newline in it (a JSON.parse
 * error quoting the page's text, a title a spider logs) began a line of the server's choosing,
 * `[12:00:00.000] INFO: …` and all. The message's newlines are written out as `\n` like the other controls;
 * other fields pino-pretty prints as JSON (escaped), and a stack's lines indented under the entry.
 */
function prettyValue(key: string, value: string): string {
  const shown = visibleControls(value);
  return key === 'msg' ? shown.replace(/\n/g, '\\n') : shown;
}

/**
 * The redact paths cover the fields we know; a URL with credentials can still arrive inside any
 * message or error text (a driver's connection error). Every line is masked on its way out, and made
 * safe for a terminal.
 */
function masking(stream: DestinationStream & { flush?(callback?: (error?: Error) => void): void }, terminalSafeLine: (line: string) => string): DestinationStream {
  return {
    write: (line: string) => stream.write(terminalSafeLine(maskSecretsInJsonLine(line))),
    flush: (callback?: (error?: Error) => void) => (stream.flush ? stream.flush(callback) : callback?.()),
  } as DestinationStream;
}
