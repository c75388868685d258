// Tells the caller the moment undici writes a request's headers to the socket (host interval anchoring, the connection's taps).
import diagnosticsChannel from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/**
 * Politeness is about what the server sees, so the host interval is anchored on the real socket write,
 * not on when we decided to send; and the connection a request goes out on is where its answer's bytes are
 * watched (head-unfolder.ts, close-tail.ts, connection-end.ts). undici publishes `undici:client:sendHeaders`
 * when the headers hit the socket, with the request it made of our options; the hook rides there on the
 * request's `opaque`, which undici keeps on the request's handler.
 *
 * It was found before by the request undici creates synchronously inside `dispatch()`, but a Pool whose every
 * connection is busy (one per host, still closing after a `Connection: close` answer) queues the options and
 * creates the request later: such a request went out with no hook, so on one connection per host every page
 * of a server that closes its connections after the first was read unwatched (a short Content-Length's cut
 * page taken whole, folded heads refused) and its send never anchored the host's interval.
 */
/**
 * `reused`: the socket had already carried an answer (a kept-alive connection), so the server may have closed it meanwhile.
 * `socket`: the connection the request went out on (its end tells how a close-delimited body ended).
 */
export type SendHook = (reused: boolean, socket: Socket | undefined) => void;

const hooks = new WeakMap<object, SendHook>();

diagnosticsChannel.subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: object; socket?: Socket };
  const tag = handlerOf(request)?.opaque;
  const hook = typeof tag === 'object' && tag !== null ? hooks.get(tag) : undefined;
  if (!hook) return;
  hooks.delete(tag as object);
  hook((socket?.bytesRead ?? 0) > 0, socket);
});

/** The `opaque` to give one undici request: `onSend` runs as its headers are written, whenever its dispatcher sends it. */
export function sendHookTag(onSend: SendHook): object {
  const tag = {};
  hooks.set(tag, onSend);
  return tag;
}

/** undici 7 keeps a request's handler (ours: its `request()` API's, holding `opaque`) under a symbol it does not export. */
let handlerKey: symbol | undefined;

function handlerOf(request: object): { opaque?: unknown } | undefined {
  handlerKey ??= Object.getOwnPropertySymbols(request).find((key) => key.description === 'handler');
  return handlerKey === undefined ? undefined : (request as Record<symbol, { opaque?: unknown } | undefined>)[handlerKey];
}
