// Which settings differ between two configs, by leaf key: what a reload or a saved change reports, and
// what decides whether a restart is needed.
import { isDeepStrictEqual } from 'node:util';
import type { Config } from '../../contracts/config/config.js';
import { getPath } from '../../core/domain/object-path.js';
import { configLeaves } from '../../core/domain/schema-walk.js';

/** Dotted leaf keys whose values differ (a list or table leaf counts as one key), in schema order. */
export function changedKeys(before: Readonly<Config>, after: Readonly<Config>): string[] {
  return configLeaves()
    .filter((leaf) => !isDeepStrictEqual(getPath(before, leaf.path), getPath(after, leaf.path)))
    .map((leaf) => leaf.key);
}
