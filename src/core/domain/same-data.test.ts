import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sameData } from './same-data.js';

const cases: [unknown, unknown][] = [
  [1, 1],
  [1, '1'],
  [Number.NaN, Number.NaN],
  [0, -0],
  [null, undefined],
  [null, {}],
  [
    [1, [2, 3]],
    [1, [2, 3]],
  ],
  [
    [1, 2],
    [2, 1],
  ],
  [[], {}],
  [
    { a: 1, b: { c: [1] } },
    { b: { c: [1] }, a: 1 },
  ],
  [{ a: 1 }, { a: 1, b: undefined }],
  [{ a: undefined }, { b: undefined }],
  [new Date(5), new Date(5)],
  [new Date(5), new Date(6)],
  [new Date(5), {}],
  [
    { source_type: 'local_fs', path: '~/notes' },
    { source_type: 'local_fs', path: '~/notes' },
  ],
  [
    { source_type: 'local_fs', path: '~/notes' },
    { source_type: 'local_fs', path: '~/other' },
  ],
];

describe('sameData', () => {
  it.each(cases)('agrees with node:util isDeepStrictEqual on %j and %j', (a, b) => {
    expect(sameData(a, b)).toBe(isDeepStrictEqual(a, b));
  });
});
