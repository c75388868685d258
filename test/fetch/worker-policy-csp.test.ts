// The worker confinement's policy name added to each trusted-types list of a response's CSP headers, the page's own names kept.
import { describe, expect, it } from 'vitest';
import { admittingWorkerPolicy } from '../../src/fetch/worker-policy-csp';

const csp = (value: string, name = 'Content-Security-Policy') => admittingWorkerPolicy([{ name: 'content-type', value: 'text/html' }, { name, value }])?.[1]?.value ?? null;

describe('admittingWorkerPolicy', () => {
  it.each([
    ["require-trusted-types-for 'script'; trusted-types shop", "require-trusted-types-for 'script'; trusted-types shop pricecrawl-worker"],
    ['trusted-types default', ' trusted-types default pricecrawl-worker'],
    ["trusted-types 'none'", ' trusted-types pricecrawl-worker'],
    ['trusted-types', ' trusted-types pricecrawl-worker'],
    // Two policies in one header: each is enforced, each gets the name.
    ["TRUSTED-TYPES a 'allow-duplicates', script-src 'self'; trusted-types b", " trusted-types a 'allow-duplicates' pricecrawl-worker, script-src 'self'; trusted-types b pricecrawl-worker"],
  ])('%s -> %s', (given, admitted) => {
    expect(csp(given)).toBe(admitted);
  });

  it('leaves a CSP alone that admits any name or ours, or names no policies', () => {
    for (const value of ['trusted-types *', 'trusted-types shop pricecrawl-worker', "require-trusted-types-for 'script'", "script-src 'self'"]) expect(csp(value)).toBeNull();
  });

  it('admits it in a report-only policy too (a refusal there is reported to the site)', () => {
    expect(csp('trusted-types shop', 'Content-Security-Policy-Report-Only')).toBe(' trusted-types shop pricecrawl-worker');
  });
});
