// Saves edits to the config file, as one change: patch the text, validate the result as a save (on its own,
// and under the env and flags the running process adds), then write atomically with mode 0600. Every
// problem is collected by key path; a refused change leaves the file exactly as it was.
// `app settings --set/--unset` and PATCH /api/settings both go through `editConfigFile`.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { type Config, ConfigSchema } from '../../contracts/config/config.js';
import { coerceText } from '../../core/domain/coerce-text.js';
import { type ConfigIssue, type ConfigSource, hasErrors } from '../../core/domain/config-issue.js';
import { nearest } from '../../core/domain/did-you-mean.js';
import { configLeaves, findLeaf } from '../../core/domain/schema-walk.js';
import { AppError, isAppError } from '../../core/errors.js';
import { withFileLock } from '../fs/file-lock.js';
import { writeSecretFile } from '../fs/write-secret-file.js';
import { type ConfigLayers, layerOver } from './layer-over.js';
import { validateRaw } from './load-config.js';
import { removeTomlKey, setTomlValue } from './toml-edit.js';
import { locateTomlKeys } from './toml-locate.js';

/**
 * One key to change: a typed `value` (undefined or null removes the key from the file), or `text` read the
 * way env vars and flags are (`app settings --set key=text`; an empty text removes the key).
 */
export type ConfigEdit =
  | { key: string; value: unknown; source?: ConfigSource }
  | { key: string; text: string; source?: ConfigSource };

export interface EditOptions {
  /** The env and flags the running process puts over the file: the result must hold under them too. */
  layers?: ConfigLayers;
  /**
   * A last look at the change before it is written (given `layers`): problems it returns refuse the change
   * like any other, on the same read of the file as the write.
   */
  check?(change: LayeredChange): ConfigIssue[];
}

/** The effective config (the file under env and flags) before and after a change, with the sources after. */
export interface LayeredChange {
  before: Config | undefined;
  after: Config;
  sources: ReadonlyMap<string, ConfigSource>;
}

export interface EditResult {
  text: string;
  config: Config;
  issues: ConfigIssue[];
  /** Set when the edit was checked under `layers`. */
  layered?: LayeredChange;
}

/** JSON can say things TOML cannot; deeper nesting than this is refused before smol-toml's own limit. */
const MAX_DEPTH = 8;
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a value cannot be written as TOML, or undefined. */
function tomlProblem(value: unknown, depth = 0): string | undefined {
  if (value === null) return 'TOML has no null: leave the entry out';
  if (typeof value === 'string')
    return LONE_SURROGATE.test(value)
      ? 'contains an unpaired surrogate (not valid Unicode), which a TOML file cannot hold'
      : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'must be a finite number';
  if (typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return `nested more than ${MAX_DEPTH} levels deep`;
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
  for (const [name, item] of entries) {
    if (LONE_SURROGATE.test(name)) return 'a table key contains an unpaired surrogate (not valid Unicode)';
    const problem = tomlProblem(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** The file's text, or '' when there is none yet. */
export function readConfigText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

function fileSources(path: string, text: string): Map<string, ConfigSource> {
  return new Map(
    [...locateTomlKeys(text)].map(([key, pos]) => [key, { kind: 'file' as const, file: path, ...pos }]),
  );
}

function parseText(text: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const problem = (key: string, message: string, source?: ConfigSource): ConfigIssue => ({
  severity: 'error',
  key,
  message,
  ...(source ? { source } : {}),
});

function unknownKey(key: string, source?: ConfigSource): ConfigIssue {
  const keys = configLeaves().map((leaf) => leaf.key);
  const inside = keys.find((leaf) => leaf.startsWith(`${key}.`));
  if (inside) return problem(key, `is a section, not a key; name its keys (${inside})`, source);
  const suggestion = nearest(key, keys);
  return problem(key, `unknown config key${suggestion ? ` (did you mean ${suggestion}?)` : ''}`, source);
}

/** The leaf path and typed value of one edit, or the reason it cannot be applied. */
function resolveEdit(edit: ConfigEdit): { path: string[]; value: unknown } | { issue: ConfigIssue } {
  const leaf = findLeaf(edit.key);
  if (!leaf) return { issue: unknownKey(edit.key, edit.source) };
  let value: unknown;
  if ('text' in edit) {
    const coerced = coerceText(leaf, edit.text);
    if (coerced.ok === false) return { issue: problem(leaf.key, coerced.message, edit.source) };
    value = coerced.ok === 'unset' ? undefined : coerced.value;
  } else {
    value = edit.value === null ? undefined : edit.value;
  }
  const unwritable = value === undefined ? undefined : tomlProblem(value);
  if (unwritable) return { issue: problem(leaf.key, unwritable, edit.source) };
  return { path: leaf.path, value };
}

/** Adds issues not already listed (the file-only and the layered checks often find the same one). */
function addAll(into: ConfigIssue[], found: readonly ConfigIssue[]): void {
  for (const issue of found) {
    const seen = into.some(
      (i) => i.severity === issue.severity && i.key === issue.key && i.message === issue.message,
    );
    if (!seen) into.push(issue);
  }
}

function refuse(issues: ConfigIssue[]): never {
  throw new AppError('validation_error', 'the change was not saved: the result would be invalid', {
    details: issues,
  });
}

/**
 * Applies edits to a config text as one change and validates the result as a save (without writing).
 * Throws AppError validation_error whose details list every problem (ConfigIssue[]).
 */
export function previewEdits(
  path: string,
  before: string,
  edits: readonly ConfigEdit[],
  options: EditOptions = {},
): EditResult {
  refuseBrokenFile(before);
  const issues: ConfigIssue[] = [];
  let text = before;
  const named = new Set<string>();
  for (const edit of edits) {
    const resolved = resolveEdit(edit);
    if ('issue' in resolved) {
      issues.push(resolved.issue);
      continue;
    }
    const key = resolved.path.join('.');
    if (named.has(key)) {
      issues.push(problem(key, 'named more than once in one change', edit.source));
      continue;
    }
    named.add(key);
    try {
      text =
        resolved.value === undefined
          ? removeTomlKey(text, resolved.path)
          : setTomlValue(text, resolved.path, resolved.value);
    } catch (error) {
      if (!isAppError(error)) throw error;
      // The editor's message may quote the document: keep its first line only.
      issues.push(problem(key, error.message.split('\n')[0] ?? 'cannot be written', edit.source));
    }
  }
  return checkEditedText(path, before, text, issues, options);
}

function refuseBrokenFile(text: string): void {
  try {
    parse(text);
  } catch (error) {
    const first = (error as Error).message.split('\n')[0] ?? '';
    refuse([problem('', `the file has a TOML syntax error; fix it by hand first (${first})`)]);
  }
}

/** Validates an edited text as a save, on its own and under `options.layers`; refuses with every problem. */
function checkEditedText(
  path: string,
  before: string,
  text: string,
  found: readonly ConfigIssue[],
  options: EditOptions,
): EditResult {
  const issues = [...found];
  const raw = parseText(text);
  const sources = fileSources(path, text);
  const previous = ConfigSchema.safeParse(parseText(before));
  const checked = validateRaw(raw, sources, {
    purpose: 'save',
    previous: previous.success ? previous.data : undefined,
  });
  addAll(issues, checked.issues);
  let change: LayeredChange | undefined;
  if (options.layers) {
    // What the running process will load: env and flags over the edited file.
    const was = ConfigSchema.safeParse(layerOver(parseText(before), new Map(), options.layers).raw);
    const layered = layerOver(raw, sources, options.layers);
    const under = validateRaw(layered.raw, layered.sources, {
      purpose: 'save',
      previous: was.success ? was.data : undefined,
    });
    addAll(issues, under.issues);
    if (under.config)
      change = { before: was.success ? was.data : undefined, after: under.config, sources: layered.sources };
  }
  if (change && options.check && !hasErrors(issues)) addAll(issues, options.check(change));
  if (hasErrors(issues) || !checked.config) refuse(issues);
  return { text, config: checked.config, issues, ...(change ? { layered: change } : {}) };
}

/**
 * Changes the file at `path` (created if missing) by a text edit of its own, `change`, which keeps what it
 * does not touch (account tables: infra/config/account-tables.ts). The result is validated and written like
 * `editConfigFile`'s; an AppError thrown by `change` is refused as the problem of `key`.
 */
export function editConfigText(
  path: string,
  key: string,
  change: (text: string) => string,
  options: EditOptions = {},
): EditResult {
  return withFileLock(path, () => {
    const before = readConfigText(path);
    refuseBrokenFile(before);
    let text: string;
    try {
      text = change(before);
    } catch (error) {
      if (!isAppError(error)) throw error;
      refuse([problem(key, error.message.split('\n')[0] ?? 'cannot be written')]);
    }
    const result = checkEditedText(path, before, text, [], options);
    if (result.text !== before) writeSecretFile(path, result.text);
    return result;
  });
}

/**
 * Edits the file at `path` (created if missing) as one change, written atomically with mode 0600.
 * Throws AppError validation_error with every problem (ConfigIssue[]) as details; nothing is written then.
 */
export function editConfigFile(
  path: string,
  edits: readonly ConfigEdit[],
  options: EditOptions = {},
): EditResult {
  // Read, change and write under the file's lock: concurrent writers (other `app settings --set` runs, the
  // settings API of a running service) each see the other's change instead of writing over it.
  return withFileLock(path, () => {
    const before = readConfigText(path);
    const result = previewEdits(path, before, edits, options);
    if (result.text !== before) writeSecretFile(path, result.text);
    return result;
  });
}
