// Saves edits to the config file: patch the text, validate the result as a save, then write atomically.
// A rejected edit leaves the file exactly as it was.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { type Config, ConfigSchema } from '../../contracts/config/config.js';
import { AppError } from '../../core/errors.js';
import { writeSecretFile } from '../fs/write-secret-file.js';
import { type ConfigIssue, type ConfigSource, hasErrors } from './config-issue.js';
import { validateRaw } from './load-config.js';
import { removeTomlKey, setTomlValue } from './toml-edit.js';
import { locateTomlKeys } from './toml-locate.js';

export interface ConfigEdit {
  /** Dotted key of a leaf. */
  key: string;
  /** undefined removes the key. */
  value: unknown;
}

export interface EditResult {
  text: string;
  config: Config;
  issues: ConfigIssue[];
}

function readText(path: string): string {
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

/** Applies edits to a config text and validates the result as a save (without writing). */
export function previewEdits(path: string, before: string, edits: readonly ConfigEdit[]): EditResult {
  let text = before;
  for (const edit of edits) {
    const parts = edit.key.split('.');
    text = edit.value === undefined ? removeTomlKey(text, parts) : setTomlValue(text, parts, edit.value);
  }
  const previous = ConfigSchema.safeParse(parseText(before));
  const checked = validateRaw(parseText(text), fileSources(path, text), {
    purpose: 'save',
    previous: previous.success ? previous.data : undefined,
  });
  if (hasErrors(checked.issues) || !checked.config) {
    throw new AppError('validation_error', 'the change was not saved: the result would be invalid', {
      details: checked.issues,
    });
  }
  return { text, config: checked.config, issues: checked.issues };
}

/** Edits the file at `path` (created if missing). Throws AppError validation_error with issues as details. */
export function editConfigFile(path: string, edits: readonly ConfigEdit[]): EditResult {
  const before = readText(path);
  const result = previewEdits(path, before, edits);
  if (result.text !== before) writeSecretFile(path, result.text);
  return result;
}
