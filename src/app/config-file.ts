// The user's config file as one CLI command reads and changes it, outside a running app: loaded under the
// command's env and flags, located, shown, edited through the one config editor (the settings API's),
// written first by `app init` and given scaffolds by `app update`. Commands parse, call these and print.

import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../contracts/config/config.js';
import { effectiveAccountConfig } from '../core/domain/account-settings.js';
import type { ConfigIssue, ConfigSource } from '../core/domain/config-issue.js';
import { getPath } from '../core/domain/object-path.js';
import { envLayer, type FlagValue, flagLayer, parseOptionPairs } from '../infra/config/config-layers.js';
import {
  type ConfigPaths,
  type DataPaths,
  dataPaths,
  resolveConfigPaths,
} from '../infra/config/config-paths.js';
import { applyUpgrades, missingUpgradeGroups, type UpgradeGroup } from '../infra/config/config-upgrades.js';
import { effectiveConfig, maskConfig } from '../infra/config/config-view.js';
import { type ConfigEdit, editConfigFile, previewEdits } from '../infra/config/edit-config-file.js';
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from '../infra/config/load-config.js';
import { renderSettingsText } from '../infra/config/render-settings-text.js';
import { replaceConfigText } from '../infra/config/replace-config-text.js';
import { writeNewConfig } from '../infra/config/write-new-config.js';

// The shapes these functions take and answer.
export type { ConfigEdit, DataPaths, FlagValue, LoadConfigOptions, LoadedConfig, UpgradeGroup };
/** `app init`'s file (the dashboard's first-run wizard writes the same). */
export { writeNewConfig };

type Env = Record<string, string | undefined>;

/** What a command was started with: `-c`, `-O key=value` pairs, and its environment. */
export interface CommandInput {
  configFlag?: string;
  options?: readonly string[];
  env: Env;
}

/** A valid config with the data files it points at. */
export type CommandConfig = LoadedConfig & { config: Readonly<Config>; data: DataPaths };

/** Loads the config the way the service would; `data` is set when it is valid. */
export function loadCommandConfig(load: LoadConfigOptions): LoadedConfig & { data?: DataPaths } {
  const loaded = loadConfig(load);
  if (!loaded.config) return loaded;
  return { ...loaded, data: dataPaths(loaded.config, loaded.paths.dataDir, load.env) };
}

/** Where the config file and the data dir are for this command, and whether the file exists yet. */
export function locateConfig(input: CommandInput): ConfigPaths & { exists: boolean } {
  const paths = resolveConfigPaths({ configFlag: input.configFlag, env: input.env });
  return { ...paths, exists: existsSync(paths.configPath) };
}

/**
 * `app settings --show`: the effective config with secrets masked, as JSON data and as commented TOML; with
 * `account`, that account's (its own keys noted as the account's).
 */
export function describeSettings(
  loaded: CommandConfig,
  env: Env,
  account?: string,
): { effective: object; text: string } {
  const dataDir = loaded.paths.dataDir;
  const scoped =
    account === undefined
      ? loaded
      : (() => {
          const settings = effectiveAccountConfig(loaded.config, account, loaded.sources);
          return {
            ...loaded,
            config: { ...loaded.config, ...settings.config },
            sources: new Map(settings.sources),
          };
        })();
  return {
    effective: maskConfig(effectiveConfig(scoped.config, dataDir, env)),
    text: `${account === undefined ? '' : `# account: ${account}\n`}${renderSettingsText(scoped, dataDir)}`,
  };
}

/**
 * Saves edits as one change through the editor the settings API uses: checked as a save and under the
 * command's env and `-O` pairs; nothing is written unless every edit is valid (AppError validation_error
 * with the issues as details). Answers the file and the warnings.
 */
export function saveConfigEdits(
  input: CommandInput,
  edits: readonly ConfigEdit[],
): { configPath: string; issues: ConfigIssue[] } {
  const { configPath } = resolveConfigPaths({ configFlag: input.configFlag, env: input.env });
  const result = editConfigFile(configPath, edits, { layers: { env: input.env, options: input.options } });
  return { configPath, issues: result.issues };
}

/** An interactive edit of the config file: edits are checked one by one, the file written once at the end. */
export interface ConfigDraft {
  /**
   * Applies one edit to the draft, validated as a save. Throws AppError validation_error (issues as
   * details) and leaves the draft unchanged when it is refused.
   */
  apply(edit: ConfigEdit): void;
  /** Writes the draft (0600) when it differs from the file as first read; answers whether it did. */
  save(): boolean;
}

export function draftConfig(configPath: string): ConfigDraft {
  let original = '';
  try {
    original = readFileSync(configPath, 'utf8');
  } catch {
    // No file yet: the draft starts empty and saving creates it.
  }
  let text = original;
  return {
    apply(edit) {
      text = previewEdits(configPath, text, [edit]).text;
    },
    save() {
      if (text === original) return false;
      replaceConfigText(configPath, original, text);
      return true;
    },
  };
}

/** `app update`: the feature groups the file lacks, and appending commented scaffolds for chosen ones. */
export function configUpgrades(loaded: LoadedConfig): {
  missing: UpgradeGroup[];
  apply(chosen: readonly UpgradeGroup[]): void;
} {
  const text = loaded.file.text ?? '';
  return {
    missing: missingUpgradeGroups(text, loaded.file.raw),
    apply: (chosen) => replaceConfigText(loaded.paths.configPath, text, applyUpgrades(text, chosen)),
  };
}

export interface Preset {
  value: unknown;
  source: ConfigSource;
}

export interface Presets {
  get(key: string): Preset | undefined;
  /** Values that do not coerce (a word for a number...), unknown keys and APP_* names. */
  issues: ConfigIssue[];
}

/**
 * Answers given up front, so a wizard asks only for what is missing: the command's own flags and `-O`
 * pairs win over APP_* env vars, each read the way the config loader reads them.
 */
export function readPresets(input: CommandInput, commandFlags: readonly FlagValue[]): Presets {
  const pairs = parseOptionPairs(input.options ?? []);
  const flags = flagLayer([...pairs.values, ...commandFlags]);
  const env = envLayer(input.env);
  return {
    issues: [...pairs.issues, ...flags.issues, ...env.issues],
    get(key) {
      for (const layer of [flags, env]) {
        const source = layer.sources.get(key);
        if (source) return { value: getPath(layer.values, key), source };
      }
      return undefined;
    },
  };
}
