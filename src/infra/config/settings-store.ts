// The settings store over the config file: reads the effective settings as `app settings --show` shows
// them (same effective values, same masking) with each value's source, and writes through the same editor
// and validation as `app settings --set`.

import { existsSync } from 'node:fs';
import { restartReason, type SettingEdit, type SettingsView } from '../../contracts/settings.js';
import { type ConfigIssue, type ConfigSource, formatSource } from '../../core/domain/config-issue.js';
import { getPath } from '../../core/domain/object-path.js';
import { configLeaves } from '../../core/domain/schema-walk.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { ChangeCheck, SettingsStore } from '../../core/ports/settings-store.js';
import { editAccountTables } from './account-tables-file.js';
import { changedKeys } from './changed-keys.js';
import { resolveConfigPaths } from './config-paths.js';
import { effectiveConfig, maskConfig } from './config-view.js';
import { editConfigFile } from './edit-config-file.js';
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from './load-config.js';
import { writeNewConfig } from './write-new-config.js';

type GoodLoad = LoadedConfig & { config: NonNullable<LoadedConfig['config']> };

/** The recorded source of a key, or of the first entry inside it (`[[content_sources.sources]]` tables). */
function sourceOf(sources: ReadonlyMap<string, ConfigSource>, key: string): ConfigSource {
  const exact = sources.get(key);
  if (exact) return exact;
  for (const [path, source] of sources) if (path.startsWith(`${key}.`)) return source;
  return { kind: 'default' };
}

function refusal(issues: ConfigIssue[]): AppError {
  const errors = issues
    .filter((issue) => issue.severity === 'error')
    .map(({ key, message }) => ({ key, message }));
  const listed = errors
    .slice(0, 5)
    .map((issue) => (issue.key ? `${issue.key}: ${issue.message}` : issue.message))
    .join('; ');
  const more = errors.length > 5 ? `; and ${errors.length - 5} more` : '';
  return new AppError('validation_error', `settings not saved: ${listed}${more}`, {
    details: { issues: errors },
  });
}

/** A store over the config file named by `load` (the options this process was started with). */
export function createSettingsStore(
  load: LoadConfigOptions,
  /** After a successful write: this process applies the file at once (its watcher would come later). */
  options: { afterWrite?: () => void } = {},
): SettingsStore {
  const env = load.env ?? process.env;
  let lastGood: GoodLoad | undefined;

  const fresh = (): LoadedConfig => {
    const loaded = loadConfig(load);
    if (loaded.config) lastGood = loaded as GoodLoad;
    return loaded;
  };

  function view(loaded: LoadedConfig): SettingsView {
    // An invalid file on disk: show the last good config, as a running process keeps using it.
    const shown = loaded.config ? (loaded as GoodLoad) : lastGood;
    if (!shown) throw refusal(loaded.issues);
    const effective = maskConfig(effectiveConfig(shown.config, shown.paths.dataDir, env));
    return {
      config_path: loaded.paths.configPath,
      valid: loaded.config !== undefined,
      issues: loaded.issues.map(({ severity, key, message }) => ({ key, message, severity })),
      config: effective as unknown as Record<string, unknown>,
      settings: configLeaves().map((leaf) => ({
        key: leaf.key,
        value: getPath(effective, leaf.path) ?? null,
        source: sourceOf(shown.sources, leaf.key),
        secret: leaf.meta.secret === true,
        restart_required: restartReason(leaf.key) !== undefined,
      })),
    };
  }

  return {
    read: () => view(fresh()),
    fileValue: (key) => getPath(fresh().file.raw, key.split('.')),
    write(edits: readonly SettingEdit[], check?: ChangeCheck) {
      const before = fresh();
      const was = before.config ?? lastGood?.config;
      try {
        editConfigFile(
          before.paths.configPath,
          edits.map((edit) => ({ key: edit.key, value: edit.value })),
          { layers: load, ...(check ? { check } : {}) },
        );
      } catch (error) {
        if (isAppError(error) && error.code === 'validation_error' && Array.isArray(error.details))
          throw refusal(error.details as ConfigIssue[]);
        throw error;
      }
      const after = fresh();
      const answer = view(after);
      // Saved, but env or a flag wins over the file: this process keeps the overriding value.
      for (const edit of edits) {
        const source = after.sources.get(edit.key);
        if (source?.kind === 'env' || source?.kind === 'flag')
          answer.issues.push({
            key: edit.key,
            message: `saved to the file, but ${formatSource(source)} overrides it`,
            severity: 'warning',
          });
      }
      options.afterWrite?.();
      return { view: answer, changed: after.config && was ? changedKeys(was, after.config) : [] };
    },
    exists: () => existsSync(resolveConfigPaths(load).configPath),
    create(values, header) {
      const paths = resolveConfigPaths(load);
      if (existsSync(paths.configPath))
        throw new AppError(
          'conflict',
          `a config file already exists at ${paths.configPath}; change it in Settings`,
        );
      const { issues } = writeNewConfig(paths, values, header, { onlyIfAbsent: true });
      if (issues.some((issue) => issue.severity === 'error')) throw refusal(issues);
      options.afterWrite?.();
      return { config_path: paths.configPath };
    },
    accounts: {
      current() {
        const loaded = fresh();
        const config = loaded.config ?? lastGood?.config;
        if (!config) throw refusal(loaded.issues);
        return config;
      },
      edit(changes) {
        try {
          editAccountTables(load, changes);
        } catch (error) {
          if (isAppError(error) && error.code === 'validation_error' && Array.isArray(error.details))
            throw refusal(error.details as ConfigIssue[]);
          throw error;
        }
        options.afterWrite?.();
      },
    },
  };
}
