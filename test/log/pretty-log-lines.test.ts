// A pretty log entry is one line on the terminal, whatever text a server or a spider put in its message.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log/logger';

/** pino-pretty's own colours, the only escape sequences a pretty line may hold. */
const SGR = /\x1b\[[0-9;]*m/g;

function prettyLog(): { log: ReturnType<typeof createLogger>; lines: () => string[] } {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const log = createLogger({ level: 'info', format: 'pretty', prettyDestination: out });
  return { log, lines: () => text.replace(SGR, '').split('\n').filter((line) => line !== '') };
}

describe('pretty log lines', () => {
  it('a newline in a message is written out as \\n: no line of the server\'s choosing', () => {
    const { log, lines } = prettyLog();
    // What a spider logs of a page, or a JSON.parse error quoting the body.
    const title = 'Kettle 12,99 €\n[23:59:59.000] INFO: price verified 1,00 €';
    log.info(`parsed ${title}`);
    log.warn({ url: 'http://shop.test/p/1' }, `Unexpected token 'x', "{\n[23:59:59.000] ERROR: x" is not valid JSON`);
    const written = lines();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: parsed Kettle 12,99 €\\n\[23:59:59\.000\] INFO: price verified 1,00 €$/);
    expect(written[1]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: Unexpected token/);
  });

  it('an error\'s stack keeps its lines, each indented under the entry', () => {
    const { log, lines } = prettyLog();
    log.error({ err: new Error('boom\n[23:59:59.000] INFO: forged') }, 'spider callback failed');
    const written = lines();
    expect(written[0]).toMatch(/ERROR: spider callback failed/);
    expect(written.slice(1).every((line) => /^\s/.test(line))).toBe(true);
  });
});
