// The shipped migrations as the tests speak of them, so a new migration changes no test's numbers.
import { packagePath } from '../../src/infra/package-root.js';
import { readMigrationFiles } from '../../src/infra/storage/migration-files.js';

const files = readMigrationFiles(packagePath('migrations', 'postgres'));

/** How many migrations there are, and the newest one's version and file name (both stores alike). */
export const MIGRATIONS = {
  count: files.length,
  newest: files.at(-1)?.version ?? 0,
  newestFile: files.at(-1)?.fileName ?? '',
} as const;
