// Evaluates our own expressions in the page's main frame in a world of their own: the DOM is the page's, its JavaScript is not.
import type { Page } from 'playwright-core';
import { pageSession } from './page-session';

/**
 * `page.evaluate` runs in the page's main world, against whatever its scripts made of the globals there: a page
 * that replaced `performance.getEntriesByType` made the read name no document, and the page failed as
 * browser/page-navigated; one that replaced `setTimeout` stopped a wait that runs on it. An isolated world (as
 * extensions' content scripts have) shares the document but has pristine globals of its own. The world is made
 * once per document by name; asking again returns the same one.
 */
const WORLD = 'pricecrawl';

interface Evaluated {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/** The value of `expression` (a promise is awaited), evaluated in our world of the page's current main document. */
export async function evaluateIsolated(page: Page, expression: string): Promise<unknown> {
  const session = await pageSession(page);
  const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const { executionContextId } = (await session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: WORLD })) as { executionContextId: number };
  const { result, exceptionDetails } = (await session.send('Runtime.evaluate', { expression, contextId: executionContextId, returnByValue: true, awaitPromise: true })) as Evaluated;
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value;
}
