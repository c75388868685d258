// Tells the caller the moment undici writes a request's headers to the socket (host interval anchoring).
import diagnosticsChannel from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/**
 * Politeness is about what the server sees, so the host interval is anchored on the real socket write,
 * not on when we decided to send. undici publishes `undici:request:create` synchronously inside
 * `dispatch()` and `undici:client:sendHeaders` when the headers hit the socket; we tag the request
 * object in the first and fire its hook in the second.
 */
/**
 * `reused`: the socket had already carried an answer (a kept-alive connection), so the server may have closed it meanwhile.
 * `socket`: the connection the request went out on (its end tells how a close-delimited body ended).
 */
export type SendHook = (reused: boolean, socket: Socket | undefined) => void;

const hooks = new WeakMap<object, SendHook>();
let armed: SendHook | null = null;

diagnosticsChannel.subscribe('undici:request:create', (message) => {
  if (!armed) return;
  hooks.set((message as { request: object }).request, armed);
  armed = null;
});

diagnosticsChannel.subscribe('undici:client:sendHeaders', (message) => {
  const { request, socket } = message as { request: object; socket?: Socket };
  const hook = hooks.get(request);
  if (!hook) return;
  hooks.delete(request);
  hook((socket?.bytesRead ?? 0) > 0, socket);
});

/** Runs `dispatch` (which must create exactly one undici request synchronously) with `onSend` attached. */
export function withSendHook<T>(onSend: SendHook | undefined, dispatch: () => T): T {
  armed = onSend ?? null;
  try {
    return dispatch();
  } finally {
    armed = null;
  }
}
