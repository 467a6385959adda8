// Discovered posts (table discovered_tweets, on either store): the one home of their reads and writes, shared by
// the discovery tools, the discovery loop and the dashboard feed. "Replied to" also counts a posted reply
// found in `posts`, so the feed stays right even when the loop did not mark the post itself.

import { type CompiledQuery, sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import {
  DISCOVERY_SOURCES,
  type DiscoveredPost,
  type DiscoverySource,
  type DiscoveryStore,
  type FeedQuery,
  type NewDiscoveredPost,
} from '../../../core/ports/discovery-store.js';
import { binaryOrder } from '../../storage/dialect-sql.js';
import { sqliteRun } from '../../storage/sqlite-sync.js';
import type { Store } from '../../storage/store.js';
import { toDbTimestamp } from '../timestamps.js';
import { parseJsonColumn } from './draft-rows.js';

interface DiscoveredRow {
  tweet_id: string;
  author_id: string | null;
  author_username: string | null;
  author_followers: number | null;
  text: string;
  tweet_created_at: string | null;
  like_count: number;
  retweet_count: number;
  reply_count: number;
  quote_count: number;
  impression_count: number;
  has_media: number;
  is_quote: number;
  score: number;
  score_breakdown: string;
  matched_keyword: string | null;
  source: string;
  discovered_at: string;
  replied: number;
  reply_tweet_id: string | null;
}

const Breakdown = z.record(z.string(), z.unknown());

function sourceOf(value: string): DiscoverySource {
  const source = DISCOVERY_SOURCES.find((s) => s === value);
  if (!source) throw new AppError('db_error', `stored discovery source '${value}' is not valid`);
  return source;
}

function toPost(row: DiscoveredRow): DiscoveredPost {
  return {
    tweet_id: row.tweet_id,
    author_id: row.author_id,
    author_username: row.author_username,
    author_followers: row.author_followers,
    text: row.text,
    tweet_created_at: row.tweet_created_at,
    like_count: row.like_count,
    retweet_count: row.retweet_count,
    reply_count: row.reply_count,
    quote_count: row.quote_count,
    impression_count: row.impression_count,
    has_media: row.has_media === 1,
    is_quote: row.is_quote === 1,
    score: row.score,
    score_breakdown: parseJsonColumn(Breakdown, row.score_breakdown, 'score breakdown') ?? {},
    matched_keyword: row.matched_keyword,
    source: sourceOf(row.source),
    discovered_at: row.discovered_at,
    replied_to: row.replied === 1,
    reply_tweet_id: row.reply_tweet_id,
  };
}

/** SQLite binds at most 32766 variables; id lists are cut well below that. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The posts of one `save` as the rows it stores, one per tweet id: a later sighting in the batch refreshes
 * an earlier one's fields, while its source stays the first sighting's (as one upsert after another would).
 * Postgres refuses one statement that updates a row twice.
 */
function oncePerTweet(posts: readonly NewDiscoveredPost[]): NewDiscoveredPost[] {
  const byId = new Map<string, NewDiscoveredPost>();
  for (const post of posts) {
    const first = byId.get(post.tweet_id);
    byId.set(post.tweet_id, first ? { ...post, source: first.source } : post);
  }
  return [...byId.values()];
}

/** Rows per insert of `save`: 19 values each, far below SQLite's 32766 bound variables. */
const SAVE_CHUNK = 200;

export class DiscoveryRepository implements DiscoveryStore {
  constructor(
    private readonly database: Store,
    private readonly accountId: string,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** Every column of a post plus its effective replied flag (the loop's mark, or a posted reply). */
  private select() {
    return this.db
      .selectFrom('discovered_tweets as d')
      .select([
        'd.tweet_id',
        'd.author_id',
        'd.author_username',
        'd.author_followers',
        'd.text',
        'd.tweet_created_at',
        'd.like_count',
        'd.retweet_count',
        'd.reply_count',
        'd.quote_count',
        'd.impression_count',
        'd.has_media',
        'd.is_quote',
        'd.score',
        'd.score_breakdown',
        'd.matched_keyword',
        'd.source',
        'd.discovered_at',
        'd.reply_tweet_id',
        sql<number>`case when d.replied_to = 1 or exists (select 1 from posts p
          where p.account_id = d.account_id and p.kind = 'reply' and p.in_reply_to_tweet_id = d.tweet_id)
          then 1 else 0 end`.as('replied'),
      ])
      .where('d.account_id', '=', this.accountId);
  }

  /**
   * New posts are inserted; known ones get fresh metrics, author and score, while the first discovery
   * (time, source) and the replied state belong to the first sighting. All or nothing: on SQLite one
   * synchronous transaction (a discovery turn stores up to 100 posts), on Postgres a Kysely one.
   */
  async save(posts: readonly NewDiscoveredPost[], at: Date): Promise<void> {
    if (posts.length === 0) return;
    const stamp = toDbTimestamp(at);
    const rows = oncePerTweet(posts);
    const queries: CompiledQuery[] = [];
    for (let i = 0; i < rows.length; i += SAVE_CHUNK) {
      queries.push(this.upsert(rows.slice(i, i + SAVE_CHUNK), stamp));
    }
    const { database } = this;
    if (database.dialect === 'sqlite') {
      database.sqlite.transaction(() => {
        for (const query of queries) sqliteRun(database, query);
      })();
    } else if (queries.length === 1) {
      await database.db.executeQuery(queries[0] as CompiledQuery);
    } else {
      await database.db.transaction().execute(async (trx) => {
        for (const query of queries) await trx.executeQuery(query);
      });
    }
  }

  private upsert(posts: readonly NewDiscoveredPost[], stamp: string): CompiledQuery {
    return this.db
      .insertInto('discovered_tweets')
      .values(
        posts.map((post) => ({
          account_id: this.accountId,
          tweet_id: post.tweet_id,
          source: post.source,
          discovered_at: stamp,
          author_id: post.author_id,
          author_username: post.author_username,
          author_followers: post.author_followers,
          text: post.text,
          tweet_created_at: post.tweet_created_at,
          like_count: post.like_count,
          retweet_count: post.retweet_count,
          reply_count: post.reply_count,
          quote_count: post.quote_count,
          impression_count: post.impression_count,
          has_media: post.has_media ? 1 : 0,
          is_quote: post.is_quote ? 1 : 0,
          score: post.score,
          score_breakdown: JSON.stringify(post.score_breakdown),
          matched_keyword: post.matched_keyword,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['account_id', 'tweet_id']).doUpdateSet((eb) => ({
          author_id: eb.ref('excluded.author_id'),
          author_username: eb.ref('excluded.author_username'),
          author_followers: eb.ref('excluded.author_followers'),
          text: eb.ref('excluded.text'),
          tweet_created_at: eb.ref('excluded.tweet_created_at'),
          like_count: eb.ref('excluded.like_count'),
          retweet_count: eb.ref('excluded.retweet_count'),
          reply_count: eb.ref('excluded.reply_count'),
          quote_count: eb.ref('excluded.quote_count'),
          impression_count: eb.ref('excluded.impression_count'),
          has_media: eb.ref('excluded.has_media'),
          is_quote: eb.ref('excluded.is_quote'),
          score: eb.ref('excluded.score'),
          score_breakdown: eb.ref('excluded.score_breakdown'),
          matched_keyword: eb.ref('excluded.matched_keyword'),
        })),
      )
      .compile();
  }

  async feed(query: FeedQuery): Promise<DiscoveredPost[]> {
    let select = this.select();
    if (query.minScore !== undefined) select = select.where('d.score', '>=', query.minScore);
    if (query.maxScore !== undefined) select = select.where('d.score', '<=', query.maxScore);
    if (query.keyword !== undefined) select = select.where('d.matched_keyword', '=', query.keyword);
    if (query.unrepliedOnly) {
      select = select.where('d.replied_to', '=', 0).where(
        sql<boolean>`not exists (select 1 from posts p where p.account_id = d.account_id
            and p.kind = 'reply' and p.in_reply_to_tweet_id = d.tweet_id)`,
      );
    }
    const rows = await select
      .orderBy('d.score', 'desc')
      .orderBy('d.discovered_at', 'desc')
      .orderBy('d.tweet_id', 'desc')
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute();
    return rows.map(toPost);
  }

  async keywordCounts(): Promise<Map<string, number>> {
    const rows = await this.database.db
      .selectFrom('discovered_tweets')
      .select(({ fn }) => [
        sql<string>`lower(matched_keyword)`.as('keyword'),
        fn.countAll<number>().as('posts'),
      ])
      .where('account_id', '=', this.accountId)
      .where('matched_keyword', 'is not', null)
      .groupBy(sql`lower(matched_keyword)`)
      .execute();
    return new Map(rows.map((row) => [row.keyword, Number(row.posts)]));
  }

  async byIds(ids: readonly string[]): Promise<DiscoveredPost[]> {
    const found = new Map<string, DiscoveredPost>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.select().where('d.tweet_id', 'in', part).execute();
      for (const row of rows) found.set(row.tweet_id, toPost(row));
    }
    return ids.flatMap((id) => {
      const post = found.get(id);
      return post ? [post] : [];
    });
  }

  async knownIds(ids: readonly string[]): Promise<Set<string>> {
    const known = new Set<string>();
    for (const part of chunks([...new Set(ids)])) {
      const rows = await this.db
        .selectFrom('discovered_tweets')
        .select('tweet_id')
        .where('account_id', '=', this.accountId)
        .where('tweet_id', 'in', part)
        .execute();
      for (const row of rows) known.add(row.tweet_id);
    }
    return known;
  }

  async byAuthor(
    author: { id?: string; username?: string },
    limit: number,
  ): Promise<{ total: number; avgScore: number | null; posts: DiscoveredPost[] }> {
    if (!author.id && !author.username) return { total: 0, avgScore: null, posts: [] };
    // Rows found before the author id was known carry only the handle (case-insensitive on the platform).
    const matches = sql<boolean>`(d.author_id = ${author.id ?? null}
      or lower(d.author_username) = lower(${author.username ?? null}))`;
    const summary = await this.db
      .selectFrom('discovered_tweets as d')
      .select([sql<number>`count(*)`.as('total'), sql<number | null>`avg(d.score)`.as('avg')])
      .where('d.account_id', '=', this.accountId)
      .where(matches)
      .executeTakeFirst();
    const rows = await this.select()
      .where(matches)
      .orderBy('d.discovered_at', 'desc')
      .orderBy('d.tweet_id', 'desc')
      .limit(limit)
      .execute();
    const avg = summary?.avg;
    return {
      total: Number(summary?.total ?? 0),
      avgScore: avg === null || avg === undefined ? null : Math.round(Number(avg) * 100) / 100,
      posts: rows.map(toPost),
    };
  }

  async markReplied(tweetId: string, replyTweetId: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('discovered_tweets')
      .set({ replied_to: 1, reply_tweet_id: replyTweetId })
      .where('account_id', '=', this.accountId)
      .where('tweet_id', '=', tweetId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async keywords(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('discovered_tweets')
      .select(['matched_keyword', sql<number>`count(*)`.as('n')])
      .where('account_id', '=', this.accountId)
      .where('matched_keyword', 'is not', null)
      .groupBy('matched_keyword')
      .orderBy('n', 'desc')
      .orderBy(binaryOrder(this.database.dialect, sql.ref('matched_keyword')))
      .execute();
    return rows.flatMap((row) => (row.matched_keyword ? [row.matched_keyword] : []));
  }

  async pruneUnreplied(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('discovered_tweets as d')
      .where('d.account_id', '=', this.accountId)
      .where('d.replied_to', '=', 0)
      .where('d.discovered_at', '<', toDbTimestamp(before))
      .where(
        sql<boolean>`not exists (select 1 from posts p where p.account_id = d.account_id
          and p.kind = 'reply' and p.in_reply_to_tweet_id = d.tweet_id)`,
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
