// Ordering of built-in and added components: placement next to the named anchor, replacement, disabling, errors.
import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../src/core/errors';
import { orderComponents, type AddedComponent } from '../../src/components/order-components';

const builtIns = ['a', 'b', 'c', 'raw'].map((name) => ({ name, value: name, origin: 'built-in' }));
const added = (name: string, place: { before?: string; after?: string } = {}): AddedComponent<string> => ({ name, value: `${name}!`, origin: `./${name}.ts`, ...place });
const order = (extra: AddedComponent<string>[], disabled: string[] = [], defaultBefore: string | null = 'raw') =>
  orderComponents(builtIns, extra, { section: 'middlewares', kind: 'middleware', disabled, defaultBefore }).map((c) => c.value);

describe('orderComponents', () => {
  it('places an added component right after or right before the one it names', () => {
    expect(order([added('x', { after: 'a' })])).toEqual(['a', 'x!', 'b', 'c', 'raw']);
    expect(order([added('x', { before: 'c' })])).toEqual(['a', 'b', 'x!', 'c', 'raw']);
  });

  it('keeps the settings order of components placed after the same one', () => {
    expect(order([added('x', { after: 'a' }), added('y', { after: 'a' })])).toEqual(['a', 'x!', 'y!', 'b', 'c', 'raw']);
  });

  it('places one after another added one, whatever order the settings list them in', () => {
    expect(order([added('y', { after: 'x' }), added('x', { after: 'b' })])).toEqual(['a', 'b', 'x!', 'y!', 'c', 'raw']);
  });

  it('puts a component without before/after at the default anchor, or at the end without one', () => {
    expect(order([added('x')])).toEqual(['a', 'b', 'c', 'x!', 'raw']);
    expect(order([added('x')], [], null)).toEqual(['a', 'b', 'c', 'raw', 'x!']);
  });

  it('replaces a built-in in place and disables built-in or added ones by name', () => {
    expect(order([added('b')])).toEqual(['a', 'b!', 'c', 'raw']);
    expect(order([added('x', { after: 'a' })], ['b', 'x'])).toEqual(['a', 'c', 'raw']);
  });

  it('stops on unknown names and cycles with one line naming the setting', () => {
    expect(() => order([], ['bb'])).toThrow(/^middlewares\.disabled: unknown middleware "bb"; did you mean "b"\?/);
    expect(() => order([added('x', { after: 'nope' })])).toThrow(/^middlewares\.add\.x: after names "nope", which is not in the chain/);
    expect(() => order([added('x', { after: 'y' }), added('y', { before: 'x' })])).toThrow(SettingsError);
    expect(() => order([added('x', { after: 'y' }), added('y', { before: 'x' })])).toThrow(/cycle among x, y/);
  });
});

describe('a misnamed anchor among the real built-in names', () => {
  const real = ['http-errors', 'offsite', 'retry', 'block-detection', 'circuit-breaker', 'adaptive-throttle', 'sessions', 'robots-txt', 'meta-refresh', 'raw-capture'];
  const anchored = (name: string) => () => orderComponents(real.map((n) => ({ name: n, value: n, origin: 'built-in' })), [added('x', { before: name })], { section: 'middlewares', kind: 'middleware', disabled: [], defaultBefore: 'raw-capture' });

  // Before, only names a couple of edits away were suggested: "robots" is four from "robots-txt", and the
  // refusal listed every name without saying which one was meant.
  it('suggests the one name that holds its words, or whose words it holds (a Scrapy class name)', () => {
    expect(anchored('robots')).toThrow(/before names "robots", which is not in the chain; did you mean "robots-txt"\?/);
    expect(anchored('breaker')).toThrow(/did you mean "circuit-breaker"\?/);
    expect(anchored('RobotsTxtMiddleware')).toThrow(/did you mean "robots-txt"\?/);
    expect(anchored('MetaRefreshMiddleware')).toThrow(/did you mean "meta-refresh"\?/);
  });

  it('suggests nothing when the words fit several names or none', () => {
    expect(anchored('capture-everything')).toThrow(/which is not in the chain \(in it:/);
    expect(() => orderComponents(['http-errors', 'http-cache'].map((n) => ({ name: n, value: n, origin: 'built-in' })), [added('x', { after: 'http' })], { section: 'middlewares', kind: 'middleware', disabled: [], defaultBefore: null })).toThrow(/which is not in the chain \(in it:/);
  });
});
