// What a project's module (a spider, middleware, stage, sink or extension) threw while it was loaded, as one line naming the real file.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';

/** The first line of what went wrong, with the place esbuild or Node names; any further lines are counted, shown with --debug. */
export function loadFailureCause(error: unknown): string {
  if (!(error instanceof Error)) return `threw ${inspect(error, { breakLength: Infinity, depth: 2 })}`;
  let lines = error.message.split('\n').map((line) => line.trim()).filter(Boolean);
  // tsx's wording of esbuild's failure: a header, then one `file:line:col: ERROR: text` line per error.
  if (lines.length > 1 && /^Transform failed with \d+ errors?:?$/.test(lines[0])) lines = lines.slice(1).map((line) => line.replace(': ERROR: ', ': '));
  const first = namedBySource(lines[0] ?? error.name);
  // Node's own SyntaxError (a .cjs) names its place only in the stack's first line.
  const where = error instanceof SyntaxError ? syntaxErrorPlace(error) : '';
  const kind = error.name !== 'Error' && !first.startsWith(error.name) ? `${error.name}: ` : '';
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more line${lines.length > 2 ? 's' : ''}; --debug shows all)` : '';
  return `${where}${kind}${first}${more}`;
}

/** Twins in the compile cache (`…/.cache/pricecrawl/name-<hash>.mjs`) named as the source each was compiled from (its source map says). */
function namedBySource(text: string): string {
  return text.replace(/(?:file:\/\/)?\S*[\\/]\.cache[\\/]pricecrawl[\\/][^\s'"]+-[0-9a-f]{16}\.mjs/g, (twin) => {
    try {
      const map = JSON.parse(readFileSync(`${twin.startsWith('file:') ? fileURLToPath(twin) : twin}.map`, 'utf8')) as { sources?: string[] };
      const source = map.sources?.[0];
      return source ? (source.startsWith('file:') ? fileURLToPath(source) : source) : twin;
    } catch {
      return twin;
    }
  });
}

function syntaxErrorPlace(error: SyntaxError): string {
  const first = error.stack?.split('\n')[0] ?? '';
  const place = /^(\S+):(\d+)$/.exec(first);
  return place ? `${place[1].startsWith('file:') ? fileURLToPath(place[1]) : place[1]}:${place[2]}: ` : '';
}
