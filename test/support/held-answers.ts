// A route handler that holds each answer a while and counts how many the server holds at once.
import type { ServerResponse } from 'node:http';

export interface HeldAnswers {
  handler: (req: unknown, res: ServerResponse) => void;
  /** The most requests the server was holding at one moment. */
  mostInFlight(): number;
}

/** Holds every answer `holdMs` (long enough that two requests at once overlap), then answers 200 with a small page. */
export function heldAnswers(holdMs: number): HeldAnswers {
  let inFlight = 0;
  let most = 0;
  return {
    handler: (_req, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<p>200</p>');
      }, holdMs);
    },
    mostInFlight: () => most,
  };
}
