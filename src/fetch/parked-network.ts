// Shuts a parked page's network inside Chromium, so that what its document sends as it is let go goes nowhere.
import type { CDPSession, Page } from 'playwright-core';
import { attachFrameSessions, type DevToolsSession } from './frame-sessions';

type NetworkCommand = 'Network.enable' | 'Network.disable' | 'Network.setBlockedURLs';

/**
 * A policy no document script can loosen: `sendBeacon` and `fetch` (keepalive or not) are refused in the document.
 * Inserted in an isolated world of ours (the DOM is the frame's, the globals are not); a meta policy binds only in the head.
 */
const NO_CONNECTIONS = `(() => {
  const head = document.head ?? document.documentElement?.insertBefore(document.createElement('head'), document.documentElement.firstChild);
  if (!head) return;
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = "connect-src 'none'";
  head.append(policy);
})()`;

interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

/**
 * A document's pagehide and unload handlers run when its page (or context) closes or navigates on, and what
 * they send then (`sendBeacon`, `fetch` with `keepalive`) reaches no Playwright route: measured, both got
 * to another host, also when the page was first sent to about:blank. DevTools' URL blocklist still holds in
 * that document, so a parked page, which needs nothing, gets every URL blocked until its next load. One CDP
 * session per page, kept; the Network domain is on only while the page is parked (it reports every request).
 * A frame of another site runs in a process of its own, where neither the page's blocklist nor one set on the
 * frame's own session held as it unloaded (measured: its pagehide beacon and keepalive fetch got to another host
 * as its page closed): its documents are given `connect-src 'none'` as the page parks. They are never used again.
 */
export class ParkedNetwork {
  private readonly sessions = new WeakMap<Page, Promise<CDPSession>>();
  private readonly shutPages = new WeakSet<Page>();
  /** Each page's frames of other sites (frame-sessions.ts), each once its session is set up. */
  private readonly frames = new WeakMap<Page, Set<Promise<DevToolsSession>>>();

  async shut(page: Page): Promise<void> {
    this.shutPages.add(page);
    await this.send(page, 'Network.enable', {});
    await this.send(page, 'Network.setBlockedURLs', { urls: ['*'] });
    await Promise.all([...(this.frames.get(page) ?? [])].map((frame) => frame.then(closeConnections).catch(() => undefined)));
  }

  /** Before the page's next load: everything its guard allows may go again. */
  async open(page: Page): Promise<void> {
    if (!this.shutPages.delete(page)) return;
    await this.send(page, 'Network.setBlockedURLs', { urls: [] });
    await this.send(page, 'Network.disable', {});
  }

  private async send(page: Page, method: NetworkCommand, params: object): Promise<void> {
    // A page that closed or crashed sends nothing any more.
    await this.sessionOf(page).then((open) => open.send(method, params)).catch(() => undefined);
  }

  /** Opened on the page's first park; the frames already there are attached to at once, later ones as they come. */
  private sessionOf(page: Page): Promise<CDPSession> {
    let session = this.sessions.get(page);
    if (!session) {
      const frames = new Set<Promise<DevToolsSession>>();
      this.frames.set(page, frames);
      session = page.context().newCDPSession(page).then(async (open) => {
        await attachFrameSessions(open, (frame) => {
          // A frame gone (its session closed) fails its next command: it is forgotten then.
          const ready = Promise.resolve(frame);
          frames.add(ready);
          frame.on('Inspector.detached', () => frames.delete(ready));
          return ready.then(() => undefined);
        });
        return open;
      });
      this.sessions.set(page, session);
    }
    return session;
  }
}

/** Gives every document of one frame's process (its nested same-site frames too) the policy. */
async function closeConnections(frame: DevToolsSession): Promise<void> {
  const { frameTree } = (await frame.send('Page.getFrameTree')) as { frameTree: FrameTree };
  const documents: string[] = [];
  const walk = (tree: FrameTree) => (documents.push(tree.frame.id), tree.childFrames?.forEach(walk));
  walk(frameTree);
  await Promise.all(
    documents.map(async (frameId) => {
      const { executionContextId } = (await frame.send('Page.createIsolatedWorld', { frameId, worldName: 'pricecrawl-parked' })) as { executionContextId: number };
      await frame.send('Runtime.evaluate', { expression: NO_CONNECTIONS, contextId: executionContextId });
    }),
  );
}
