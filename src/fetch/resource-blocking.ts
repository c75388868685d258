// Blocks whole resource types inside Blink at launch, so blocked images are never even requested.
export interface BlockingSettings {
  /** Playwright resource types (`image`, `font`, `media`, …); URL patterns are the confinement route's (route-verdicts.ts). */
  blockResourceTypes: readonly string[];
  offsiteSubresources: 'allow' | 'block';
}

/**
 * Launch switches that block whole resource types in Blink itself: with images off, Blink never asks for one
 * (img, CSS backgrounds, favicons from the page), so they cost neither a request nor an interception. The
 * other blocked types and URL patterns are refused by the context's confinement route, which sees every
 * request anyway (it must judge every navigation before it is sent).
 */
export function blockingLaunchArgs(settings: BlockingSettings): string[] {
  const args = settings.blockResourceTypes.includes('image') ? ['--blink-settings=imagesEnabled=false'] : [];
  // Playwright attaches to no shared worker, so no route, robots.txt check or host slot sees its requests
  // (measured: its fetch and WebSocket reached any host, and under `allow` its fetch of a disallowed path of
  // the shop's own was sent). Pages get none under every setting (`SharedWorker` is undefined in every frame):
  // sites already do without one, as Safari and Chrome for Android long had none.
  const features = ['SharedWorker'];
  // Under `block` a page's WebSocket goes through `routeWebSocket` (browser-confinement.ts), a shim of the
  // `WebSocket` class only: `WebSocketStream` opened its handshake to another host (measured with Chromium 150),
  // from a page or a worker. Switched off in Blink, it is undefined in both.
  if (settings.offsiteSubresources === 'block') features.push('WebSocketStream');
  // One switch: Chromium reads only the last of several.
  args.push(`--disable-blink-features=${features.join(',')}`);
  return args;
}
