// Tells the caller the moment undici writes a request's headers to the socket (host interval anchoring).
import diagnosticsChannel from 'node:diagnostics_channel';

/**
 * Politeness is about what the server sees, so the host interval is anchored on the real socket write,
 * not on when we decided to send. undici publishes `undici:request:create` synchronously inside
 * `dispatch()` and `undici:client:sendHeaders` when the headers hit the socket; we tag the request
 * object in the first and fire its hook in the second.
 */
const hooks = new WeakMap<object, () => void>();
let armed: (() => void) | null = null;

diagnosticsChannel.subscribe('undici:request:create', (message) => {
  if (!armed) return;
  hooks.set((message as { request: object }).request, armed);
  armed = null;
});

diagnosticsChannel.subscribe('undici:client:sendHeaders', (message) => {
  const request = (message as { request: object }).request;
  const hook = hooks.get(request);
  if (!hook) return;
  hooks.delete(request);
  hook();
});

/** Runs `dispatch` (which must create exactly one undici request synchronously) with `onSend` attached. */
export function withSendHook<T>(onSend: (() => void) | undefined, dispatch: () => T): T {
  armed = onSend ?? null;
  try {
    return dispatch();
  } finally {
    armed = null;
  }
}
