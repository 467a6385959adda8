// The account's own record of an author and of committed replies, read across posts, approval_queue and
// discovered_tweets. Rows that kept only a handle are matched case-insensitively, as the platform does.
import { sql } from 'kysely';
import type {
  AuthorHistory,
  EngagementHistory,
  LiveReplyItem,
} from '../../../core/ports/engagement-history.js';
import { jsonText } from '../../storage/dialect-sql.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';

interface AuthorRef {
  id?: string;
  username?: string;
}

/** Replies that still count as "about to be posted" for the guards: not rejected, failed or expired. */
const LIVE_STATUSES = ['pending', 'approved', 'posting'] as const;

export class EngagementHistoryRepository implements EngagementHistory {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  private get db() {
    return this.database.db;
  }

  async authorHistory(author: AuthorRef, since: Date, limit: number): Promise<AuthorHistory> {
    const empty: AuthorHistory = {
      replies: { total: 0, since: 0, last_at: null, recent: [] },
      approvals: { by_status: {}, recent: [] },
    };
    if (!author.id && !author.username) return empty;
    const id = author.id ?? null;
    const username = author.username ?? null;
    const isAuthor = sql<boolean>`(target_author_id = ${id}
      or lower(target_author_username) = lower(${username}))`;

    const counts = await this.db
      .selectFrom('posts')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when posted_at >= ${toDbTimestamp(since)} then 1 else 0 end), 0)`.as(
          'since',
        ),
        sql<string | null>`max(posted_at)`.as('last_at'),
      ])
      .where('account_id', '=', this.accountId)
      .where('kind', '=', 'reply')
      .where(isAuthor)
      .executeTakeFirst();
    const recent = await this.db
      .selectFrom('posts')
      .select(['tweet_id', 'text', 'in_reply_to_tweet_id', 'posted_at'])
      .where('account_id', '=', this.accountId)
      .where('kind', '=', 'reply')
      .where(isAuthor)
      .orderBy('posted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();

    const statuses = await this.db
      .selectFrom('approval_queue')
      .select(['status', sql<number>`count(*)`.as('n')])
      .where('account_id', '=', this.accountId)
      .where(isAuthor)
      .groupBy('status')
      .execute();
    const items = await this.db
      .selectFrom('approval_queue')
      .select(['id', 'action_type', 'status', 'content', 'target_tweet_id', 'created_at'])
      .where('account_id', '=', this.accountId)
      .where(isAuthor)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();

    return {
      replies: {
        total: Number(counts?.total ?? 0),
        since: Number(counts?.since ?? 0),
        last_at: counts?.last_at ?? null,
        recent,
      },
      approvals: {
        by_status: Object.fromEntries(statuses.map((row) => [row.status, Number(row.n)])),
        recent: items,
      },
    };
  }

  async knownAuthor(identifier: AuthorRef): Promise<{ id?: string; username?: string } | undefined> {
    if (!identifier.id && !identifier.username) return undefined;
    const id = identifier.id ?? null;
    const username = identifier.username ?? null;
    // Newest sighting first: a handle can change hands, the latest record is the best guess.
    const { rows } = await sql<{ id: string | null; username: string | null }>`
      select id, username from (
        select author_id as id, author_username as username, discovered_at as at from discovered_tweets
          where account_id = ${this.accountId}
            and (author_id = ${id} or lower(author_username) = lower(${username}))
        union all
        select target_author_id, target_author_username, posted_at from posts
          where account_id = ${this.accountId}
            and (target_author_id = ${id} or lower(target_author_username) = lower(${username}))
        union all
        select target_author_id, target_author_username, created_at from approval_queue
          where account_id = ${this.accountId}
            and (target_author_id = ${id} or lower(target_author_username) = lower(${username}))
      ) as sightings order by (id is not null and username is not null) desc, at desc limit 1`.execute(
      this.db,
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      ...(row.id ? { id: row.id } : {}),
      ...(row.username ? { username: row.username } : {}),
    };
  }

  async liveReplyItems(limit: number): Promise<LiveReplyItem[]> {
    const rows = await this.db
      .selectFrom('approval_queue')
      .select([
        'id',
        'target_tweet_id',
        'target_author_id',
        'created_at',
        sql<string>`coalesce(${jsonText(this.database.dialect, sql.ref('payload'), ['cards', 0, 'text'])}, content, '')`.as(
          'text',
        ),
      ])
      .where('account_id', '=', this.accountId)
      .where('action_type', '=', 'reply')
      .where('status', 'in', LIVE_STATUSES)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, text: String(row.text) }));
  }
}
