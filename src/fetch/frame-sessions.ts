// Reaches the DevTools sessions of a page's cross-site frames (their own renderer processes) through the page's own session.

/** The part of a DevTools session the fetcher uses: Playwright's CDPSession, or a frame's session nested in it. */
export interface DevToolsSession {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (params: any) => void): void;
}

interface AttachedTarget {
  sessionId: string;
  targetInfo: { type: string };
}

/**
 * Calls `setUp` with the session of every out-of-process frame of the page, nested ones included, before the
 * frame's document runs or sends anything. A frame of another site gets a renderer of its own and a DevTools
 * target of its own: no domain enabled on the page's session (Fetch in redirect-hops.ts) sees its requests.
 * Playwright attaches to such frames only for itself, and drops the messages of any flat child session it did
 * not make, so the frames are attached to here in the older nested mode: each child's commands and events
 * travel inside Target.sendMessageToTarget / receivedMessageFromTarget of its parent session (measured with
 * Chromium 150). The frame waits (`waitForDebuggerOnStart`) until `setUp` ended, failed or not: it waits for every
 * session that asked, Playwright's resuming it first does not free it (measured: set-up held back 1.5 s still
 * paused the frame's first fetch). Workers are left alone: a dedicated worker's requests go through its frame's
 * session (measured), and a worker is freed by the first session that resumes it, so nothing set up here would hold.
 */
export async function attachFrameSessions(parent: DevToolsSession, setUp: (frame: DevToolsSession) => Promise<void>): Promise<void> {
  const children = new Map<string, NestedSession>();
  parent.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => children.get(event.sessionId)?.receive(event.message));
  parent.on('Target.detachedFromTarget', (event: { sessionId: string }) => {
    children.get(event.sessionId)?.close();
    children.delete(event.sessionId);
  });
  parent.on('Target.attachedToTarget', (event: AttachedTarget) => {
    const child = new NestedSession(parent, event.sessionId);
    children.set(event.sessionId, child);
    void setUpThenResume(child, event.targetInfo.type === 'iframe', setUp);
  });
  await parent.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false, filter: [{ type: 'iframe', exclude: false }, { exclude: true }] });
}

/** A frame left waiting would never load: it is resumed whatever its set-up did. */
async function setUpThenResume(child: NestedSession, frame: boolean, setUp: (frame: DevToolsSession) => Promise<void>): Promise<void> {
  try {
    if (frame) await Promise.all([setUp(child), attachFrameSessions(child, setUp)]);
  } catch {
    // The frame went away meanwhile (its page closed, it navigated): nothing of it is left to guard.
  } finally {
    await child.send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
  }
}

/** One child target's session, its messages carried by its parent session. */
class NestedSession implements DevToolsSession {
  private lastId = 0;
  private readonly pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Array<(params: any) => void>>();
  private closed = false;

  constructor(
    private readonly parent: DevToolsSession,
    private readonly sessionId: string,
  ) {}

  send(method: string, params: object = {}): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error(`${method}: the frame's session is closed`));
    const id = ++this.lastId;
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const message = JSON.stringify({ id, method, params });
    this.parent.send('Target.sendMessageToTarget', { sessionId: this.sessionId, message }).catch((error: Error) => this.settle(id, undefined, error));
    return answer;
  }

  on(event: string, listener: (params: any) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  receive(text: string): void {
    const message = JSON.parse(text) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } };
    if (message.id !== undefined) return this.settle(message.id, message.result, message.error ? new Error(message.error.message) : undefined);
    for (const listener of this.listeners.get(message.method ?? '') ?? []) listener(message.params);
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.pending.keys()]) this.settle(id, undefined, new Error("the frame's session is closed"));
  }

  private settle(id: number, result: unknown, error: Error | undefined): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    if (error) call.reject(error);
    else call.resolve(result);
  }
}
