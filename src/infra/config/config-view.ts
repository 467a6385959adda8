// Read-only views of a loaded config: the effective values (derived defaults filled in) and secrets masked.
import type { Config } from '../../contracts/config/config.js';
import { LLM_PROVIDER_DEFAULTS } from '../../contracts/config/llm.js';
import { effectiveApprovalMode } from '../../core/domain/config-rules.js';
import { getPath, setPath } from '../../core/domain/object-path.js';
import { configLeaves } from '../../core/domain/schema-walk.js';
import { type DataPaths, dataPaths } from './config-paths.js';

/** Keeps the last 4 characters of long secrets so a user can tell which key is set. */
export function maskSecret(value: string): string {
  return value.length >= 12 ? `****${value.slice(-4)}` : '****';
}

/** A deep copy with every secret field masked. */
export function maskConfig<T extends object>(config: T): T {
  const copy = structuredClone(config) as Record<string, unknown>;
  for (const leaf of configLeaves()) {
    if (!leaf.meta.secret) continue;
    const value = getPath(copy, leaf.path);
    if (typeof value === 'string') setPath(copy, leaf.path, maskSecret(value));
  }
  return copy as T;
}

export type EffectiveConfig = Config & { paths: DataPaths };

/**
 * The config as one account's faces show it: of the `[accounts.<name>]` tables only its own (another
 * account's business profile, limits, schedule and policy are that account's to read). A config without
 * further accounts is returned as it is.
 */
export function ownAccountTables(config: Readonly<Config>, accountName: string): Config {
  if (!config.accounts) return config as Config;
  const { accounts, ...rest } = config;
  const own = accounts[accountName];
  return own ? { ...rest, accounts: { [accountName]: own } } : rest;
}

/**
 * The config as the service will use it: composer forces approval on, empty LLM model/base URL
 * become the provider defaults, and paths are resolved.
 */
export function effectiveConfig(config: Config, dataDir: string, env = process.env): EffectiveConfig {
  const copy = structuredClone(config) as Config;
  copy.approval_mode = effectiveApprovalMode(config);
  if (copy.llm.provider) {
    const defaults = LLM_PROVIDER_DEFAULTS[copy.llm.provider];
    copy.llm.model ??= defaults.model;
    copy.llm.base_url ??= defaults.baseUrl;
  }
  const paths = dataPaths(config, dataDir, env);
  copy.storage.db_path = paths.dbPath;
  copy.connectors.cloud_drive.redirect_uri ??= `http://${hostForUrl(config.server.host)}:${config.server.port}/api/connectors/cloud-drive/callback`;
  return { ...copy, paths };
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
