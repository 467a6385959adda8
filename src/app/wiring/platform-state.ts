// The platform's state as the app's parts read it: the login for the status tools and the account profile,
// what stops posting now,
// and the database a config names (its problem named by its key).

import type { Config } from '../../contracts/config/config.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { AccountLogin } from '../../core/services/account/account-profiles.js';
import type { LoginState } from '../../core/services/status/status-deps.js';
import { openPostgres } from '../../infra/postgres/open-postgres.js';
import type { SocialBackend } from '../../infra/social/create-social-backend.js';
import { type AppDatabase, openDatabase } from '../../infra/sqlite/open-database.js';
import type { Store } from '../../infra/storage/store.js';

/** The platform login as the status tools report it (the scraper needs none). */
export function loginState(social: SocialBackend): LoginState {
  if (!social.tokens) return { state: 'not_needed', scopes: [] };
  const health = social.tokens.health();
  if ('message' in health) return { state: health.state, message: health.message, scopes: [] };
  return {
    state: health.state,
    scopes: health.scopes,
    expiresAt: health.expiresAt,
    userId: social.tokens.userId(),
  };
}

/** Whether a usable login exists and whose (the account profile is read for it; the scraper needs none). */
export function accountLogin(social: SocialBackend): AccountLogin {
  if (!social.tokens) return { connected: true };
  const { state } = social.tokens.health();
  const userId = social.tokens.userId();
  return {
    connected: state !== 'missing' && state !== 'invalid' && state !== 'dead',
    ...(userId ? { userId } : {}),
  };
}

/** Why the platform cannot be written to right now, if anything stops it. */
export function postingBlocker(social: SocialBackend): AppError | undefined {
  if (!social.capabilities.mutations_available) {
    return new AppError(
      'scraper_mutation_blocked',
      'the scraper backend is read-only (scraper_allow_mutations = false)',
    );
  }
  const health = social.tokens?.health();
  if (health && (health.state === 'missing' || health.state === 'invalid' || health.state === 'dead')) {
    return new AppError('social_not_configured', `cannot post: ${health.message}`);
  }
  return undefined;
}

/**
 * The store `[storage]` names: Postgres when `url` is set, else the SQLite file. A SQLite file the config
 * names that cannot be opened is that key's problem (exit 2); Postgres that cannot be reached or that a
 * newer app migrated is a db_error naming the URL masked (exit 1).
 */
export async function openConfiguredStore(config: Readonly<Config>, dbPath: string): Promise<Store> {
  if (config.storage.url) return openPostgres({ url: config.storage.url });
  return openConfiguredDatabase(dbPath, config.storage.db_path !== undefined);
}

/**
 * Runs `work` on the store `[storage]` names (openConfiguredStore) and closes it after: what a command run
 * outside the service reads and writes, on SQLite or Postgres as the service would.
 */
export async function withConfiguredStore<T>(
  config: Readonly<Config>,
  dbPath: string,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const store = await openConfiguredStore(config, dbPath);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The database; one the config names and that cannot be opened is that key's problem (exit 2). */
export function openConfiguredDatabase(path: string, named: boolean): AppDatabase {
  try {
    return openDatabase({ path });
  } catch (error) {
    if (!named || !isAppError(error) || error.code !== 'db_error') throw error;
    throw new AppError('validation_error', `storage.db_path: ${error.message}`, { cause: error });
  }
}
