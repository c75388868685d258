// runsNoScripts: which Content-Security-Policy values sandbox a document without scripts.
import { describe, expect, it } from 'vitest';
import { runsNoScripts } from '../../src/fetch/scriptless-document';

describe('runsNoScripts', () => {
  it.each([
    [null, false],
    ["default-src 'self'", false],
    ['sandbox', true],
    ['SANDBOX allow-forms allow-popups', true],
    ["default-src 'self'; sandbox allow-scripts allow-forms", false],
    // Sandbox flags of several policies add up: one without allow-scripts takes scripts away.
    ['sandbox allow-scripts, sandbox allow-forms', true],
    ["script-src 'self', sandbox allow-scripts", false],
    // A directive named like it is not it.
    ['sandboxed allow-forms', false],
  ] as const)('%s -> %s', (header, expected) => {
    expect(runsNoScripts(header)).toBe(expected);
  });
});
