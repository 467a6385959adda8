// Work on the data directory without starting the app: verified database backups (list, prune, create)
// the dashboard passphrase and the API token. Each opens what it needs and closes it again. Backups are
// copies of the SQLite file: a service on Postgres (`[storage] url`) is backed up with pg_dump instead, and
// every backup action refuses, saying so.
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_ACCOUNT_ID } from '../contracts/account.js';
import type { Config } from '../contracts/config/config.js';
import { AppError } from '../core/errors.js';
import type { DatabaseBackups } from '../core/ports/backups.js';
import { type DataPaths, expandHome } from '../infra/config/config-paths.js';
import { maskPostgresUrl } from '../infra/postgres/postgres-url.js';
import { generatePassphrase, hashPassphrase } from '../infra/security/passphrase.js';
import { createBackup, listBackups, pruneBackups } from '../infra/sqlite/backup.js';
import { AuthRepository } from '../infra/sqlite/repositories/auth-repository.js';
import { withConfiguredStore } from './wiring/platform-state.js';

export type { BackupInfo, DatabaseBackups } from '../core/ports/backups.js';

export interface BackupPlace {
  /** The folder asked for (`--output-dir`, `~` expanded); default `<data dir>/backups`. */
  outputDir?: string;
  /** `[storage] url`: the service keeps its data in Postgres, which these backups do not copy. */
  storageUrl?: string;
}

/**
 * Why a backup action does not apply to a Postgres store, and what to run instead (validation_error: exit 2,
 * one line). The URL is shown with its password masked.
 */
export function postgresBackupRefusal(url: string, action: 'take' | 'list' | 'prune'): AppError {
  const doing = { take: 'takes', list: 'lists', prune: 'prunes' }[action];
  return new AppError(
    'validation_error',
    `app backup ${doing} copies of the SQLite database, and this service keeps its data in Postgres ` +
      `(${maskPostgresUrl(url)}, [storage] url): back it up with pg_dump instead, e.g. ` +
      `pg_dump --format=custom --file=app.dump "$APP_STORAGE__URL" (the [storage] url, password included), ` +
      `and restore with pg_restore --clean --if-exists --dbname="$APP_STORAGE__URL" app.dump`,
  );
}

export function databaseBackups(
  data: DataPaths,
  env: Record<string, string | undefined>,
  place: BackupPlace = {},
): DatabaseBackups {
  const dir = place.outputDir ? expandHome(place.outputDir, env) : data.backupsDir;
  const { storageUrl } = place;
  return {
    dir,
    list: () => {
      if (storageUrl) throw postgresBackupRefusal(storageUrl, 'list');
      return listBackups(dir);
    },
    prune: (keep) => {
      if (storageUrl) throw postgresBackupRefusal(storageUrl, 'prune');
      return pruneBackups(dir, keep);
    },
    async create() {
      if (storageUrl) throw postgresBackupRefusal(storageUrl, 'take');
      if (!existsSync(data.dbPath)) {
        throw new AppError(
          'not_found',
          `no database at ${data.dbPath} yet (it is created when the service first starts)`,
        );
      }
      return createBackup({ dbPath: data.dbPath, outputDir: dir });
    },
  };
}

/**
 * Sets the dashboard passphrase (the one chosen, else a generated one) as a scrypt hash and signs every
 * dashboard session out, in the store `[storage]` names. Answers the passphrase set, to be shown once.
 */
export async function resetDashboardPassphrase(
  config: Readonly<Config>,
  data: DataPaths,
  chosen?: string,
): Promise<string> {
  const passphrase = chosen ?? generatePassphrase();
  await withConfiguredStore(config, data.dbPath, async (store) => {
    await new AuthRepository(store, DEFAULT_ACCOUNT_ID).setPassphraseHash(
      await hashPassphrase(passphrase),
      new Date(),
    );
  });
  return passphrase;
}

/** The API token `app serve` created, or undefined before its first start. */
export function readApiToken(data: DataPaths): string | undefined {
  try {
    return readFileSync(data.apiTokenPath, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
