// Work on the data directory without starting the app: verified database backups (list, prune, create)
// the dashboard passphrase and the API token. Each opens what it needs and closes it again.
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_ACCOUNT_ID } from '../contracts/account.js';
import { AppError } from '../core/errors.js';
import type { DatabaseBackups } from '../core/ports/backups.js';
import { type DataPaths, expandHome } from '../infra/config/config-paths.js';
import { generatePassphrase, hashPassphrase } from '../infra/security/passphrase.js';
import { createBackup, listBackups, pruneBackups } from '../infra/sqlite/backup.js';
import { openDatabase } from '../infra/sqlite/open-database.js';
import { AuthRepository } from '../infra/sqlite/repositories/auth-repository.js';

export type { BackupInfo, DatabaseBackups } from '../core/ports/backups.js';

export function databaseBackups(
  data: DataPaths,
  env: Record<string, string | undefined>,
  outputDir?: string,
): DatabaseBackups {
  const dir = outputDir ? expandHome(outputDir, env) : data.backupsDir;
  return {
    dir,
    list: () => listBackups(dir),
    prune: (keep) => pruneBackups(dir, keep),
    async create() {
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
 * dashboard session out. Answers the passphrase set, to be shown once.
 */
export async function resetDashboardPassphrase(data: DataPaths, chosen?: string): Promise<string> {
  const passphrase = chosen ?? generatePassphrase();
  const database = openDatabase({ path: data.dbPath });
  try {
    await new AuthRepository(database, DEFAULT_ACCOUNT_ID).setPassphraseHash(
      await hashPassphrase(passphrase),
      new Date(),
    );
  } finally {
    await database.close();
  }
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
