// An error nobody caught (a spider's timer, a library's event with no listener) printed as every other error: masked and terminal-safe.
import { shownValue } from './terminal-text';

/**
 * Node's own report of an uncaught error is util.inspect of it, raw: its message, its stack, every own
 * property (a driver's error carries its connection options, password and all; a message may quote a
 * page's escape sequences, an OSC 52 that writes the clipboard) and the source line that threw. Screens and
 * the scheduler's logs/<run>.log keep it. The same report here, masked then made safe, and exit 1 as Node
 * exits. An unhandled rejection comes here too: Node's default mode raises it as an uncaught error.
 */
export function reportCrashesSafely(): void {
  process.on('uncaughtException', (error) => {
    let shown: string;
    try {
      shown = shownValue(error);
    } catch {
      shown = 'an error that cannot be shown (inspecting it threw)';
    }
    process.stderr.write(`pricecrawl: crashed on an error nothing caught:\n${shown}\n`);
    process.exit(1);
  });
}
