// The signed-in account's kept profile (`account_profile`, one row per account; either store): the metadata
// read without the picture's bytes, which only the picture route loads.
import { sql } from 'kysely';
import {
  PROFILE_PICTURE_TYPES,
  type ProfilePicture,
  type ProfilePictureType,
} from '../../../contracts/account-profile.js';
import type { AccountProfileStore, KeptAccountProfile } from '../../../core/ports/account-profile-store.js';
import type { Store } from '../../storage/store.js';
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
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async read(): Promise<KeptAccountProfile | undefined> {
    // A 0/1 integer on both stores (Postgres' boolean cast to int), as the row type says.
    const { rows } = await sql<Row>`select user_id, username, display_name, picture_url,
        cast(picture is not null as integer) as has_picture, fetched_at
      from account_profile where account_id = ${this.accountId}`.execute(this.database.db);
    const row = rows[0];
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

  async picture(): Promise<ProfilePicture | undefined> {
    const row = await this.database.db
      .selectFrom('account_profile')
      .select(['picture', 'picture_type'])
      .where('account_id', '=', this.accountId)
      .where('picture', 'is not', null)
      .executeTakeFirst();
    if (!row?.picture || !PROFILE_PICTURE_TYPES.includes(row.picture_type as ProfilePictureType))
      return undefined;
    return { bytes: row.picture, content_type: row.picture_type as ProfilePictureType };
  }

  async save(
    profile: Omit<KeptAccountProfile, 'has_picture'> & { picture: ProfilePicture | 'keep' | null },
  ): Promise<void> {
    const fields = {
      user_id: profile.user_id,
      username: profile.username,
      display_name: profile.display_name,
      picture_url: profile.picture_url,
      fetched_at: toDbTimestamp(profile.fetched_at),
    };
    if (profile.picture === 'keep') {
      const kept = await this.database.db
        .updateTable('account_profile')
        .set(fields)
        .where('account_id', '=', this.accountId)
        .executeTakeFirst();
      if (Number(kept.numUpdatedRows) === 1) return;
    }
    const picture = profile.picture === 'keep' ? null : profile.picture;
    const replaced = {
      ...fields,
      picture: picture ? Buffer.from(picture.bytes) : null,
      picture_type: picture?.content_type ?? null,
    };
    await this.database.db
      .insertInto('account_profile')
      .values({ account_id: this.accountId, ...replaced })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(replaced))
      .execute();
  }
}
