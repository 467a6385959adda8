// canonical(): the same text the recursive definition gave (stored hashes stay valid), for any JSON-like
// value, and no stack overflow however deep a value nests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical, paramsHash } from './params-hash.js';

/** The definition canonical() had as a recursion: what every stored params hash was computed with. */
function recursive(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(recursive).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${recursive(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe('canonical', () => {
  it('writes what the recursive definition wrote, for any value', () => {
    const value = fc.anything({
      withNullPrototype: true,
      withSparseArray: true,
      withDate: true,
      withBoxedValues: true,
      maxDepth: 6,
    });
    fc.assert(
      fc.property(value, (v) => {
        expect(canonical(v)).toBe(recursive(v));
      }),
      { seed: 20_261_123, numRuns: 2000 },
    );
    expect(canonical({ b: [1, undefined, { d: 1, c: null }], a: 'x', u: undefined })).toBe(
      '{"a":"x","b":[1,null,{"c":null,"d":1}]}',
    );
  });

  it('does not overflow the stack on a value nested 200,000 levels deep', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { a: deep };
    const text = canonical(deep);
    expect(text.length).toBe(100_000 * '[{"a":]}'.length + '"bottom"'.length);
    expect(paramsHash('tool', deep)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a value that contains itself instead of looping', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = { again: loop };
    expect(() => canonical(loop)).toThrow(/contains itself/);
    const shared = { x: 1 };
    expect(canonical({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });
});
