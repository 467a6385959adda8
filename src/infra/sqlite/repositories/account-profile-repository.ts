// The signed-in account's kept profile in SQLite (`account_profile`, one row per account): the metadata read
// without the picture's bytes, which only the picture route loads.
import type { Database as Sqlite, Statement } from 'better-sqlite3';
import {
  PROFILE_PICTURE_TYPES,
  type ProfilePicture,
  type ProfilePictureType,
} from '../../../contracts/account-profile.js';
import type { AccountProfileStore, KeptAccountProfile } from '../../../core/ports/account-profile-store.js';
import type { AppDatabase } from '../open-database.js';
import { fromDbTimestamp, toDbTimestamp } from '../timestamps.js';

interface Row {
  user_id: string;
  username: string;
  display_name: string;
  picture_url: string | null;
  has_picture: number;
  fetched_at: string;
}

export class AccountProfileRepository implements AccountProfileStore {
  private readonly sqlite: Sqlite;
  private readonly selectRow: Statement;
  private readonly selectPicture: Statement;
  private readonly upsert: Statement;
  private readonly upsertKeeping: Statement;

  constructor(
    database: AppDatabase,
    private readonly accountId: string,
  ) {
    this.sqlite = database.sqlite;
    this.selectRow = this.sqlite.prepare(
      `select user_id, username, display_name, picture_url, picture is not null as has_picture, fetched_at
       from account_profile where account_id = ?`,
    );
    this.selectPicture = this.sqlite.prepare(
      'select picture, picture_type from account_profile where account_id = ? and picture is not null',
    );
    this.upsert = this.sqlite.prepare(
      `insert into account_profile
         (account_id, user_id, username, display_name, picture_url, picture, picture_type, fetched_at)
       values (@account_id, @user_id, @username, @display_name, @picture_url, @picture, @picture_type, @fetched_at)
       on conflict (account_id) do update set user_id = excluded.user_id, username = excluded.username,
         display_name = excluded.display_name, picture_url = excluded.picture_url, picture = excluded.picture,
         picture_type = excluded.picture_type, fetched_at = excluded.fetched_at`,
    );
    this.upsertKeeping = this.sqlite.prepare(
      `update account_profile set user_id = @user_id, username = @username, display_name = @display_name,
         picture_url = @picture_url, fetched_at = @fetched_at
       where account_id = @account_id`,
    );
  }

  read(): KeptAccountProfile | undefined {
    const row = this.selectRow.get(this.accountId) as Row | undefined;
    if (!row) return undefined;
    return {
      user_id: row.user_id,
      username: row.username,
      display_name: row.display_name,
      picture_url: row.picture_url,
      has_picture: row.has_picture === 1,
      fetched_at: fromDbTimestamp(row.fetched_at),
    };
  }

  picture(): ProfilePicture | undefined {
    const row = this.selectPicture.get(this.accountId) as
      | { picture: Buffer; picture_type: string }
      | undefined;
    if (!row || !PROFILE_PICTURE_TYPES.includes(row.picture_type as ProfilePictureType)) return undefined;
    return { bytes: row.picture, content_type: row.picture_type as ProfilePictureType };
  }

  save(profile: Omit<KeptAccountProfile, 'has_picture'> & { picture: ProfilePicture | 'keep' | null }): void {
    const fields = {
      account_id: this.accountId,
      user_id: profile.user_id,
      username: profile.username,
      display_name: profile.display_name,
      picture_url: profile.picture_url,
      fetched_at: toDbTimestamp(profile.fetched_at),
    };
    if (profile.picture === 'keep' && this.upsertKeeping.run(fields).changes === 1) return;
    const picture = profile.picture === 'keep' ? null : profile.picture;
    this.upsert.run({
      ...fields,
      picture: picture ? Buffer.from(picture.bytes) : null,
      picture_type: picture?.content_type ?? null,
    });
  }
}
