// The value layers below the file: env vars (APP_SECTION__KEY) and command-line flags (--option key=value).
// Each layer is a nested raw object plus where every value came from.

import { coerceText } from '../../core/domain/coerce-text.js';
import { type ConfigIssue, type ConfigSource, displayKey } from '../../core/domain/config-issue.js';
import { nearest } from '../../core/domain/did-you-mean.js';
import { mergeDeep, setPath } from '../../core/domain/object-path.js';
import { type ConfigLeaf, configLeaves, findLeaf } from '../../core/domain/schema-walk.js';

export interface Layer {
  values: Record<string, unknown>;
  sources: Map<string, ConfigSource>;
  issues: ConfigIssue[];
}

/** Env vars that are not config fields: the data dir, the config path, and the test instruments (crash
 * points, the clock's start). */
const RESERVED_ENV = new Set(['APP_HOME', 'APP_CONFIG', 'APP_CRASH_AT', 'APP_CLOCK_AT']);

function apply(layer: Layer, leaf: ConfigLeaf, text: string, source: ConfigSource): void {
  const coerced = coerceText(leaf, text);
  if (coerced.ok === 'unset') return;
  if (coerced.ok === false) {
    layer.issues.push({ severity: 'error', key: leaf.key, message: coerced.message, source });
    return;
  }
  setPath(layer.values, leaf.path, coerced.value);
  layer.sources.set(leaf.key, source);
}

/** Reads every APP_* variable that maps to a config field; unknown APP_* names are warned about. */
export function envLayer(env: Record<string, string | undefined>): Layer {
  const layer: Layer = { values: {}, sources: new Map(), issues: [] };
  const byEnv = new Map(configLeaves().map((leaf) => [leaf.env, leaf]));
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('APP_') || value === undefined || RESERVED_ENV.has(name)) continue;
    const leaf = byEnv.get(name);
    if (leaf) {
      apply(layer, leaf, value, { kind: 'env', name });
      continue;
    }
    const suggestion = nearest(name, byEnv.keys());
    layer.issues.push({
      severity: 'warning',
      key: '',
      message: `unknown environment variable ${name}${suggestion ? ` (did you mean ${suggestion}?)` : ''}; ignored`,
      source: { kind: 'env', name },
    });
  }
  return layer;
}

export interface FlagValue {
  /** Dotted config key. */
  key: string;
  text: string;
  /** How the user wrote it, for messages: `--port`, `--option server.port=…`. */
  flag: string;
}

/** `key=value` pairs (from `-O/--option`) and typed command flags, coerced like env vars. */
export function flagLayer(values: readonly FlagValue[]): Layer {
  const layer: Layer = { values: {}, sources: new Map(), issues: [] };
  for (const value of values) {
    const leaf = findLeaf(value.key);
    if (!leaf) {
      const suggestion = nearest(
        value.key,
        configLeaves().map((l) => l.key),
      );
      layer.issues.push({
        severity: 'error',
        key: value.key,
        message: `unknown config key${suggestion ? ` (did you mean ${suggestion}?)` : ''}`,
        source: { kind: 'flag', name: value.flag },
      });
      continue;
    }
    apply(layer, leaf, value.text, { kind: 'flag', name: value.flag });
  }
  return layer;
}

/** Parses `key=value` from `--option`; a missing '=' is reported as an error issue. */
export function parseOptionPairs(pairs: readonly string[]): { values: FlagValue[]; issues: ConfigIssue[] } {
  const values: FlagValue[] = [];
  const issues: ConfigIssue[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) {
      issues.push({
        severity: 'error',
        key: displayKey([pair]),
        message: 'expected key=value',
        source: { kind: 'flag', name: `--option ${pair}` },
      });
      continue;
    }
    values.push({
      key: pair.slice(0, eq).trim(),
      text: pair.slice(eq + 1),
      flag: `--option ${pair.slice(0, eq).trim()}`,
    });
  }
  return { values, issues };
}

/** Deep merge where later layers win; arrays are replaced, not concatenated. */
export function mergeLayers(...layers: Array<Record<string, unknown>>): Record<string, unknown> {
  return mergeDeep(...layers);
}
