// The page APIs whose traffic no route, DevTools interception or proxy sees, taken out of every document.

/**
 * WebRTC's ICE gathering sends STUN over UDP and TURN over TCP to any server a page names, past every
 * route and CDP session (measured: both reached another host under `block`; Chromium 156 ignored
 * `--force-webrtc-ip-handling-policy`), and past the context's proxy: with `sessions.proxyUrls` the page came
 * through the proxy while its STUN packets left from this machine's own address (measured). WebTransport
 * sends QUIC over UDP to any host a page names, `--disable-quic` or not (measured with Chromium 150: its
 * Initial packets reached another host's UDP port under `allow` and `block`; neither `--disable-features` nor
 * `--disable-blink-features=WebTransport` turns it off). No price needs either, and no CDN serves one, so under
 * every setting they are taken out. The script runs in every new document, a blank frame's or popup's too,
 * before the page can reach its window; a dedicated worker runs no init script: it loses them by the prelude
 * every worker starts from (worker-confinement.ts), where only WebTransport is defined.
 */
export const NO_UNROUTED_TRANSPORTS = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'WebTransport']) delete window[name];`;

/**
 * What a dedicated worker is started without: WebTransport always; under `offsiteSubresources: block` its
 * WebSocket too, since the page's is routed (routeWebSocket) and a worker's would reach any host.
 */
export function unroutedInWorkers(offsiteSubresources: 'allow' | 'block'): string[] {
  return offsiteSubresources === 'block' ? ['WebTransport', 'WebSocket'] : ['WebTransport'];
}
