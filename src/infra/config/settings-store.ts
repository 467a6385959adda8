// The settings store over the config file: reads the effective settings as `app settings --show` shows
// them (same effective values, same masking) with each value's source, and writes through the same editor
// and validation as `app settings --set`.

import { existsSync } from 'node:fs';
import type { Config } from '../../contracts/config/config.js';
import { restartReason, type SettingEdit, type SettingsView } from '../../contracts/settings.js';
import {
  accountKeyProblem,
  defaultAccountName,
  effectiveAccountConfig,
} from '../../core/domain/account-settings.js';
import { type ConfigIssue, type ConfigSource, formatSource } from '../../core/domain/config-issue.js';
import { getPath } from '../../core/domain/object-path.js';
import { configLeaves } from '../../core/domain/schema-walk.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { AccountTables } from '../../core/ports/account-admin.js';
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

  /** The config and sources `account` runs with (the default account's are the global ones). */
  function scoped(shown: GoodLoad, account: string | undefined) {
    if (account === undefined) return { config: shown.config, sources: shown.sources };
    const settings = effectiveAccountConfig(shown.config, account, shown.sources);
    return { config: { ...shown.config, ...settings.config } as Config, sources: settings.sources };
  }

  function view(loaded: LoadedConfig, account: string | undefined): SettingsView {
    // An invalid file on disk: show the last good config, as a running process keeps using it.
    const shown = loaded.config ? (loaded as GoodLoad) : lastGood;
    if (!shown) throw refusal(loaded.issues);
    const { config, sources } = scoped(shown, account);
    const effective = maskConfig(effectiveConfig(config, shown.paths.dataDir, env));
    return {
      config_path: loaded.paths.configPath,
      valid: loaded.config !== undefined,
      issues: loaded.issues.map(({ severity, key, message }) => ({ key, message, severity })),
      config: effective as unknown as Record<string, unknown>,
      settings: configLeaves().map((leaf) => ({
        key: leaf.key,
        value: getPath(effective, leaf.path) ?? null,
        source: sourceOf(sources, leaf.key),
        secret: leaf.meta.secret === true,
        restart_required: restartReason(leaf.key) !== undefined,
      })),
    };
  }

  function write(edits: readonly SettingEdit[], check: ChangeCheck | undefined, named: string | undefined) {
    const before = fresh();
    const account = further(named, before);
    const was = before.config ?? lastGood?.config;
    const fileEdits = account === undefined ? edits : accountEdits(account, edits);
    try {
      editConfigFile(
        before.paths.configPath,
        fileEdits.map((edit) => ({ key: edit.key, value: edit.value })),
        { layers: load, ...(check ? { check } : {}) },
      );
    } catch (error) {
      if (isAppError(error) && error.code === 'validation_error' && Array.isArray(error.details))
        throw refusal(error.details as ConfigIssue[]);
      throw error;
    }
    const after = fresh();
    const answer = view(after, account);
    // Saved, but env or a flag wins over the file: this process keeps the overriding value (an account's
    // own key beats env and flags, so only the global settings can be overridden this way).
    for (const edit of account === undefined ? edits : []) {
      const source = after.sources.get(edit.key);
      if (source?.kind === 'env' || source?.kind === 'flag')
        answer.issues.push({
          key: edit.key,
          message: `saved to the file, but ${formatSource(source)} overrides it`,
          severity: 'warning',
        });
    }
    options.afterWrite?.();
    const changed =
      after.config && was
        ? account === undefined
          ? changedKeys(was, after.config)
          : changedKeys(
              effectiveAccountConfig(was, account).config as Config,
              effectiveAccountConfig(after.config, account).config as Config,
            )
        : [];
    return { view: answer, changed };
  }

  // The account tables of the file: the same for the service's store and each account's.
  const accounts: AccountTables = {
    current() {
      const loaded = fresh();
      const config = loaded.config ?? lastGood?.config;
      if (!config) throw refusal(loaded.issues);
      return config;
    },
    sources() {
      const loaded = fresh();
      return (loaded.config ? loaded : lastGood)?.sources ?? new Map();
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
  };

  /** The account as the file names it now: the default account's settings are the global ones. */
  const further = (account: string | undefined, loaded: LoadedConfig) => {
    if (account === undefined) return undefined;
    const config = loaded.config ?? lastGood?.config;
    return config && account === defaultAccountName(config) ? undefined : account;
  };

  function store(account: string | undefined): SettingsStore {
    return {
      read: () => {
        const loaded = fresh();
        return view(loaded, further(account, loaded));
      },
      fileValue: (key) => {
        const loaded = fresh();
        const own = further(account, loaded);
        return getPath(loaded.file.raw, [...(own === undefined ? [] : ['accounts', own]), ...key.split('.')]);
      },
      write: (edits, check) => write(edits, check, account),
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
      forAccount: (name) => store(name),
      accounts,
    };
  }

  return store(undefined);
}

/**
 * An account's edits as keys of its `[accounts.<name>]` table; a key of the whole service is refused with
 * where it is set (all of them together, nothing written).
 */
function accountEdits(account: string, edits: readonly SettingEdit[]): SettingEdit[] {
  const problems = edits.flatMap((edit): ConfigIssue[] => {
    const message = accountKeyProblem(edit.key);
    return message ? [{ severity: 'error', key: edit.key, message }] : [];
  });
  if (problems.length > 0) throw refusal(problems);
  return edits.map((edit) => ({ key: `accounts.${account}.${edit.key}`, value: edit.value }));
}
