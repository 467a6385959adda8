// `app storage migrate`: the service's SQLite database (the data dir's app.db, or [storage] db_path) copied
// into an empty Postgres database and verified (src/infra/storage/copy-to-postgres.ts). The faces get the
// URL check and the masking from here, so they never see the driver.
import { existsSync } from 'node:fs';
import type { DataPaths } from '../contracts/data-paths.js';
import { AppError } from '../core/errors.js';
import { checkPostgresUrl, maskPassword, maskPostgresUrl } from '../infra/postgres/postgres-url.js';
import { type CopyProgress, type CopyReport, copyToPostgres } from '../infra/storage/copy-to-postgres.js';

export type { CopyProgress, CopyReport, TableReport } from '../infra/storage/copy-to-postgres.js';
export { checkPostgresUrl, maskPassword, maskPostgresUrl };

export async function migrateStorageToPostgres(
  data: DataPaths,
  url: string,
  onProgress?: (progress: CopyProgress) => void,
): Promise<CopyReport> {
  checkPostgresUrl(url);
  if (data.dbPath === ':memory:') {
    throw new AppError('invalid_input', '[storage] db_path is :memory:, there is no database to copy');
  }
  if (!existsSync(data.dbPath)) {
    throw new AppError(
      'not_found',
      `no database at ${data.dbPath} (it is created when the service first starts)`,
    );
  }
  return copyToPostgres({ sqlitePath: data.dbPath, url, ...(onProgress ? { onProgress } : {}) });
}
