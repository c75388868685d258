// How an error is written to a log line: pino's standard serializer, without the arguments of the command a client failed on.
import { stdSerializers } from 'pino';

/** Nested errors and their fields deeper than this are left as pino wrote them (a cause of a cause of a cause …). */
const MAX_DEPTH = 6;

/**
 * ioredis gives every error the command it failed on, `command: { name, args }`, and pino writes an error's
 * fields whole. The args are what the crawl sent its server: a session's cookie jar (a SET refused by a full
 * server), a request with its headers, the password of a HELLO or AUTH. They have no name the masking could
 * know them by, so they never reach the line: the command's name says which call failed, their count stays.
 */
export function serializeError(error: unknown): unknown {
  return withoutCommandArgs(error, 0);
}

function withoutCommandArgs(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error) return withoutCommandArgs({ ...stdSerializers.err(value) }, depth + 1);
  if (Array.isArray(value)) return value.map((entry) => withoutCommandArgs(entry, depth + 1));
  // pino's own error records (a cause, an aggregate's errors) are walked; a Buffer, a Map, a URL or a Date is
  // written as pino writes it.
  if (ArrayBuffer.isView(value) || value instanceof Map || value instanceof Set || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const fields = Object.entries(value).map(([key, entry]) => [key, key === 'command' && isCommand(entry) ? withoutArgs(entry) : withoutCommandArgs(entry, depth + 1)]);
  return Object.fromEntries(fields);
}

function isCommand(value: unknown): value is { name: unknown; args: unknown[] } {
  return typeof value === 'object' && value !== null && 'name' in value && Array.isArray((value as { args?: unknown }).args);
}

function withoutArgs(command: { name: unknown; args: unknown[] }): Record<string, unknown> {
  return { ...command, args: `${command.args.length} arguments, not logged` };
}
