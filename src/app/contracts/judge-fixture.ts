// Compares what a callback produced on a fixture with the fixture's expectations; one message per broken one.
import type { Expectation } from './fixture-file';
import type { FixtureOutcome } from './run-fixture';

const show = (value: unknown) => JSON.stringify(value) ?? 'undefined';
const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function countBy<T>(values: readonly T[], key: (value: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const value of values) out[key(value)] = (out[key(value)] ?? 0) + 1;
  return out;
}

function sameCounts(actual: Record<string, number>, expected: Record<string, number>): boolean {
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  return [...keys].every((key) => (actual[key] ?? 0) === (expected[key] ?? 0));
}

/** Empty when the outcome meets every expectation. */
export function judgeFixture(outcome: FixtureOutcome, expected: Expectation): string[] {
  const problems: string[] = [];
  if (outcome.error) problems.push(`callback failed (${outcome.error.reason}): ${outcome.error.message}`);
  if (expected.items !== undefined && outcome.items.length !== expected.items) problems.push(`items: expected ${expected.items}, got ${outcome.items.length}`);
  if (expected.requests !== undefined && outcome.requests.length !== expected.requests) problems.push(`requests: expected ${expected.requests}, got ${outcome.requests.length}`);
  for (const field of expected.fields ?? []) {
    const missing = outcome.items.filter((item) => isEmpty(item[field])).length;
    if (missing > 0) problems.push(`field "${field}" empty in ${missing} of ${outcome.items.length} items`);
  }
  (expected.itemValues ?? []).forEach((values, index) => {
    const item = outcome.items[index];
    if (!item) return void problems.push(`item ${index}: expected ${show(values)}, but there is no item ${index}`);
    for (const [field, value] of Object.entries(values)) {
      if (item[field] !== value) problems.push(`item ${index} ${field}: expected ${show(value)}, got ${show(item[field])}`);
    }
  });
  if (expected.requestCallbacks) {
    const actual = countBy(outcome.requests, (request) => request.callback);
    if (!sameCounts(actual, expected.requestCallbacks)) problems.push(`requests by callback: expected ${show(expected.requestCallbacks)}, got ${show(actual)}`);
  }
  if (expected.dropped && !sameCounts(outcome.dropped, expected.dropped)) problems.push(`dropped items: expected ${show(expected.dropped)}, got ${show(outcome.dropped)}`);
  return problems;
}
