// Where the config file and the data directory are: -c flag, APP_CONFIG, APP_HOME, or ~/.app.

import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_ACCOUNT_ID } from '../../contracts/account.js';
import type { Config } from '../../contracts/config/config.js';
import type { DataPaths } from '../../contracts/data-paths.js';

export interface ConfigPaths {
  configPath: string;
  /** True when the path was named (-c or APP_CONFIG): a missing file is then an error. */
  explicit: boolean;
  dataDir: string;
}

export type { DataPaths } from '../../contracts/data-paths.js';

type Env = Record<string, string | undefined>;

/** Expands a leading `~` to the user's home and makes the path absolute. */
export function expandHome(path: string, env: Env = process.env): string {
  const home = env.HOME || homedir();
  const expanded = path === '~' ? home : path.startsWith('~/') ? join(home, path.slice(2)) : path;
  return isAbsolute(expanded) ? expanded : resolve(expanded);
}

export function resolveConfigPaths(options: { configFlag?: string; env?: Env }): ConfigPaths {
  const env = options.env ?? process.env;
  const appHome = env.APP_HOME ? expandHome(env.APP_HOME, env) : undefined;
  const named = options.configFlag ?? env.APP_CONFIG;
  if (named) {
    const configPath = expandHome(named, env);
    return { configPath, explicit: true, dataDir: appHome ?? dirname(configPath) };
  }
  const dataDir = appHome ?? expandHome('~/.app', env);
  return { configPath: join(dataDir, 'config.toml'), explicit: false, dataDir };
}

/** Files and folders the service keeps in its data directory. */
export function dataPaths(config: Config, dataDir: string, env: Env = process.env): DataPaths {
  return {
    dataDir,
    dbPath: !config.storage.db_path
      ? join(dataDir, 'app.db')
      : config.storage.db_path === ':memory:'
        ? ':memory:'
        : expandHome(config.storage.db_path, env),
    tokensPath: join(dataDir, 'tokens.json'),
    scraperSessionPath: join(dataDir, 'scraper_session.json'),
    apiTokenPath: join(dataDir, 'api_token'),
    mcpTokenPath: join(dataDir, 'mcp_token'),
    mediaDir: join(dataDir, 'media'),
    backupsDir: join(dataDir, 'backups'),
  };
}

/** Which account's files: by its row's id. */
export interface AccountFilesOf {
  id: string;
}

/**
 * An account's own files: the account of the seeded row (the first default account) keeps the data
 * directory's (one account changes nothing); every other one keeps its platform login and its tool-server
 * token under `accounts/<account id>/` (`dir`), named by the id so a rename, or another account made the
 * default, moves nothing.
 */
export function accountFilePaths(
  dataDir: string,
  account: AccountFilesOf,
): { dir?: string; tokensPath: string; scraperSessionPath: string; mcpTokenPath: string } {
  const dir = account.id === DEFAULT_ACCOUNT_ID ? undefined : join(dataDir, 'accounts', account.id);
  const inside = dir ?? dataDir;
  return {
    ...(dir ? { dir } : {}),
    tokensPath: join(inside, 'tokens.json'),
    scraperSessionPath: join(inside, 'scraper_session.json'),
    mcpTokenPath: join(inside, 'mcp_token'),
  };
}

/**
 * An account's own paths (accountFilePaths): an agent holding a further account's tool-server token acts on
 * that account only. The database, the API token, media and backups are the service's.
 */
export function accountDataPaths(paths: DataPaths, account: AccountFilesOf): DataPaths {
  if (account.id === DEFAULT_ACCOUNT_ID) return paths;
  const { tokensPath, scraperSessionPath, mcpTokenPath } = accountFilePaths(paths.dataDir, account);
  return { ...paths, tokensPath, scraperSessionPath, mcpTokenPath };
}
