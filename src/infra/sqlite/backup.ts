// Online backups of the database file: a consistent VACUUM INTO copy that is verified before it counts,
// plus listing and pruning of the `app_YYYYMMDD_HHMMSS_mmm.db` files in a backup directory.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { AppError } from '../../core/errors.js';
import type { BackupInfo } from '../../core/ports/backups.js';

export type { BackupInfo } from '../../core/ports/backups.js';

export interface CreateBackupOptions {
  dbPath: string;
  outputDir: string;
  /** Names the file (UTC); injectable so tests and the CLI agree on the clock. */
  now?: Date;
  busyTimeoutMs?: number;
}

const NAME_PATTERN = /^app_(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})_(\d{3})(?:_(\d+))?\.db$/;

function baseName(now: Date): string {
  const iso = now.toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const date = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '');
  return `app_${date}_${time}_${iso.slice(20, 23)}`;
}

/** Creates an empty 0600 file under a name nobody holds yet; 'wx' makes the claim atomic. */
function claimTarget(dir: string, base: string): { path: string; fileName: string } {
  for (let suffix = 0; ; suffix++) {
    const fileName = suffix === 0 ? `${base}.db` : `${base}_${suffix}.db`;
    const path = join(dir, fileName);
    try {
      closeSync(openSync(path, 'wx', 0o600));
      return { path, fileName };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

function removeQuietly(path: string): void {
  for (const file of [path, `${path}-journal`, `${path}-wal`, `${path}-shm`]) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone, or never created.
    }
  }
}

function integrityProblems(path: string): string[] {
  const copy = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    const rows = copy.pragma('integrity_check') as { integrity_check: string }[];
    const messages = rows.map((row) => row.integrity_check);
    return messages.length === 1 && messages[0] === 'ok' ? [] : messages;
  } finally {
    copy.close();
  }
}

/**
 * Copies the database at `dbPath` into `outputDir` while other connections keep writing: VACUUM INTO reads
 * one WAL snapshot (writers are not blocked), then the copy must pass `PRAGMA integrity_check` or it is
 * deleted and AppError('db_error') is thrown. Never overwrites an existing backup.
 */
export async function createBackup(options: CreateBackupOptions): Promise<BackupInfo> {
  const { dbPath, outputDir, now = new Date(), busyTimeoutMs = 5000 } = options;
  if (!existsSync(dbPath)) {
    throw new AppError('db_error', `database ${dbPath} does not exist`, { retryable: false });
  }
  let target: { path: string; fileName: string };
  try {
    mkdirSync(outputDir, { recursive: true, mode: 0o700 });
    // VACUUM INTO accepts an existing empty file, which lets us choose the mode (SQLite would use 0644).
    target = claimTarget(outputDir, baseName(now));
  } catch (cause) {
    throw new AppError('db_error', `cannot create a backup file in ${outputDir}`, {
      retryable: false,
      cause,
    });
  }

  try {
    const source = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
    try {
      source.prepare('VACUUM INTO ?').run(target.path);
    } finally {
      source.close();
    }
    const problems = integrityProblems(target.path);
    if (problems.length > 0) {
      throw new AppError(
        'db_error',
        `backup failed its integrity check: ${problems.slice(0, 3).join('; ')}`,
        {
          retryable: false,
          details: { problems: problems.slice(0, 20) },
        },
      );
    }
  } catch (error) {
    removeQuietly(target.path);
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('db_error', `backup of ${dbPath} failed: ${reason}`, { cause: error });
  }

  return {
    path: target.path,
    fileName: target.fileName,
    sizeBytes: statSync(target.path).size,
    createdAt: now,
  };
}

function parseName(fileName: string): { createdAt: Date; suffix: number } | undefined {
  const m = NAME_PATTERN.exec(fileName);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s, ms] = m.slice(1, 8).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { createdAt: new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms)), suffix: Number(m[8] ?? 0) };
}

/** Backups in `dir`, newest first; files not named like a backup are ignored, a missing dir gives []. */
export function listBackups(dir: string): BackupInfo[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new AppError('db_error', `cannot read backup directory ${dir}`, { retryable: false, cause: error });
  }
  const found: (BackupInfo & { suffix: number })[] = [];
  for (const fileName of entries) {
    const parsed = parseName(fileName);
    if (!parsed) continue;
    const path = join(dir, fileName);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    found.push({ path, fileName, sizeBytes: stat.size, createdAt: parsed.createdAt, suffix: parsed.suffix });
  }
  found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.suffix - a.suffix);
  return found.map(({ suffix: _suffix, ...info }) => info);
}

/** Deletes all but the newest `keep` backups in `dir`. `keep` must be a non-negative integer. */
export function pruneBackups(dir: string, keep: number): { kept: BackupInfo[]; removed: BackupInfo[] } {
  if (!Number.isInteger(keep) || keep < 0) {
    throw new AppError('invalid_input', `keep must be a non-negative integer, got ${keep}`);
  }
  const all = listBackups(dir);
  const kept = all.slice(0, keep);
  const removed = all.slice(keep);
  for (const backup of removed) removeQuietly(backup.path);
  return { kept, removed };
}
