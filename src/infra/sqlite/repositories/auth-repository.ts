// Dashboard sessions (only a SHA-256 of the cookie token is stored) and the passphrase hash (app_state), on
// either store: a session made by one process is found by every other of the same database.
import { createHash } from 'node:crypto';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

export interface SessionRecord {
  id: string;
  csrfToken: string;
  expiresAt: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PASSPHRASE_KEY = 'dashboard_passphrase';

export class AuthRepository {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  async passphraseHash(): Promise<string | undefined> {
    const row = await this.database.db
      .selectFrom('app_state')
      .select('value')
      .where('account_id', '=', this.accountId)
      .where('key', '=', PASSPHRASE_KEY)
      .executeTakeFirst();
    return row?.value ?? undefined;
  }

  /** Sets the passphrase hash and signs every existing session out. */
  async setPassphraseHash(hash: string, at: Date): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_state')
        .values({
          account_id: this.accountId,
          key: PASSPHRASE_KEY,
          value: hash,
          updated_at: toDbTimestamp(at),
        })
        .onConflict((oc) =>
          oc.columns(['account_id', 'key']).doUpdateSet({ value: hash, updated_at: toDbTimestamp(at) }),
        )
        .execute();
      await trx.deleteFrom('sessions').where('account_id', '=', this.accountId).execute();
    });
  }

  /** Sets the passphrase hash only when none is set yet (first run); false when one already was. */
  async setFirstPassphraseHash(hash: string, at: Date): Promise<boolean> {
    const result = await this.database.db
      .insertInto('app_state')
      .values({ account_id: this.accountId, key: PASSPHRASE_KEY, value: hash, updated_at: toDbTimestamp(at) })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async createSession(
    input: { id: string; token: string; csrfToken: string; expiresAt: Date },
    at: Date,
  ): Promise<void> {
    await this.database.db
      .insertInto('sessions')
      .values({
        id: input.id,
        account_id: this.accountId,
        token_hash: sha256(input.token),
        csrf_token: input.csrfToken,
        created_at: toDbTimestamp(at),
        expires_at: toDbTimestamp(input.expiresAt),
        last_seen_at: toDbTimestamp(at),
      })
      .execute();
  }

  /** The live session for a cookie token, if any. */
  async findSession(token: string, now: Date): Promise<SessionRecord | undefined> {
    const row = await this.database.db
      .selectFrom('sessions')
      .select(['id', 'csrf_token', 'expires_at'])
      .where('account_id', '=', this.accountId)
      .where('token_hash', '=', sha256(token))
      .where('expires_at', '>', toDbTimestamp(now))
      .executeTakeFirst();
    return row ? { id: row.id, csrfToken: row.csrf_token, expiresAt: row.expires_at } : undefined;
  }

  async deleteSession(token: string): Promise<void> {
    await this.database.db.deleteFrom('sessions').where('token_hash', '=', sha256(token)).execute();
  }
}
