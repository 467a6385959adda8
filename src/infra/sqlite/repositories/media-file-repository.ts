// Uploaded media files (media_files): one row per file stored under the media folder, keyed by id and by
// absolute path (what compose requests carry in `media_paths`).
import { MEDIA_KINDS, type MediaKind } from '../../../contracts/social.js';
import { AppError } from '../../../core/errors.js';
import type { Store } from '../../storage/store.js';
import type { MediaFilesTable } from '../db-types.js';
import { fromDbTimestamp, toDbTimestamp } from '../timestamps.js';

export interface MediaFileRecord {
  id: string;
  /** Absolute path of the stored file. */
  path: string;
  originalName: string | null;
  /** MIME type detected from the content. */
  mime: string;
  kind: MediaKind;
  sizeBytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  createdAt: Date;
}

type MediaFileRow = Omit<MediaFilesTable, 'account_id' | 'created_at'> & { created_at: string };

// Both stores cap bound parameters per statement; compose sends a handful of paths, but stay safe for any list.
const PATHS_PER_QUERY = 500;

function toKind(value: string): MediaKind {
  if ((MEDIA_KINDS as readonly string[]).includes(value)) return value as MediaKind;
  throw new AppError('db_error', `stored media kind '${value}' is not one of ${MEDIA_KINDS.join(', ')}`, {
    retryable: false,
  });
}

function toRecord(row: MediaFileRow): MediaFileRecord {
  return {
    id: row.id,
    path: row.path,
    originalName: row.original_name,
    mime: row.mime,
    kind: toKind(row.kind),
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    durationMs: row.duration_ms,
    createdAt: fromDbTimestamp(row.created_at),
  };
}

const COLUMNS = [
  'id',
  'path',
  'original_name',
  'mime',
  'kind',
  'size_bytes',
  'sha256',
  'width',
  'height',
  'duration_ms',
  'created_at',
] as const;

export class MediaFileRepository {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  /** Records a stored file; the path is unique across accounts (it names one file on disk). */
  async insert(record: MediaFileRecord): Promise<void> {
    await this.database.db
      .insertInto('media_files')
      .values({
        id: record.id,
        account_id: this.accountId,
        path: record.path,
        original_name: record.originalName,
        mime: record.mime,
        kind: record.kind,
        size_bytes: record.sizeBytes,
        sha256: record.sha256,
        width: record.width,
        height: record.height,
        duration_ms: record.durationMs,
        created_at: toDbTimestamp(record.createdAt),
      })
      .execute();
  }

  /** The file with this id in this account, if any. */
  async findById(id: string): Promise<MediaFileRecord | undefined> {
    const row = await this.database.db
      .selectFrom('media_files')
      .select(COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** The file stored at this absolute path in this account, if any. */
  async findByPath(path: string): Promise<MediaFileRecord | undefined> {
    const row = await this.database.db
      .selectFrom('media_files')
      .select(COLUMNS)
      .where('account_id', '=', this.accountId)
      .where('path', '=', path)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /**
   * Whether another account stored a file at this absolute path: its bytes are that account's, so this one
   * treats the file as absent even though it lies in the shared media folder.
   */
  async storedByAnotherAccount(path: string): Promise<boolean> {
    const row = await this.database.db
      .selectFrom('media_files')
      .select('id')
      .where('account_id', '!=', this.accountId)
      .where('path', '=', path)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The files stored at these absolute paths (unknown paths are simply absent). */
  async listByPaths(paths: readonly string[]): Promise<MediaFileRecord[]> {
    const unique = [...new Set(paths)];
    const records: MediaFileRecord[] = [];
    for (let start = 0; start < unique.length; start += PATHS_PER_QUERY) {
      const chunk = unique.slice(start, start + PATHS_PER_QUERY);
      const rows = await this.database.db
        .selectFrom('media_files')
        .select(COLUMNS)
        .where('account_id', '=', this.accountId)
        .where('path', 'in', chunk)
        .execute();
      for (const row of rows) records.push(toRecord(row));
    }
    return records;
  }
}
