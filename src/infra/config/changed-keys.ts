// Which settings differ between two configs, by leaf key: what a reload or a saved change reports, and
// what decides whether a restart is needed.
import { isDeepStrictEqual } from 'node:util';
import type { Config } from '../../contracts/config/config.js';
import { getPath } from '../../core/domain/object-path.js';
import { configLeaves } from '../../core/domain/schema-walk.js';

/**
 * Dotted leaf keys whose values differ (a list or table leaf counts as one key), in schema order, then each
 * account whose table differs (`accounts.acme`), in file order.
 */
export function changedKeys(before: Readonly<Config>, after: Readonly<Config>): string[] {
  const leaves = configLeaves()
    .filter((leaf) => !isDeepStrictEqual(getPath(before, leaf.path), getPath(after, leaf.path)))
    .map((leaf) => leaf.key);
  const names = new Set([...Object.keys(before.accounts ?? {}), ...Object.keys(after.accounts ?? {})]);
  const accounts = [...names]
    .filter((name) => !isDeepStrictEqual(before.accounts?.[name], after.accounts?.[name]))
    .map((name) => `accounts.${name}`);
  return [...leaves, ...accounts];
}
