// Discovered posts in SQLite (table discovered_tweets): the one home of their reads and writes, shared by
// the discovery tools, the discovery loop and the dashboard feed. "Replied to" also counts a posted reply
// found in `posts`, so the feed stays right even when the loop did not mark the post itself.

import type { Statement } from 'better-sqlite3';
import { sql } from 'kysely';
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
import type { AppDatabase } from '../open-database.js';
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
 * A post stored by `save`: new ones are inserted; known ones get fresh metrics, author and score, while the
 * first discovery (time, source) and the replied state belong to the first sighting.
 */
const UPSERT = `insert into discovered_tweets (account_id, tweet_id, source, discovered_at, author_id,
    author_username, author_followers, text, tweet_created_at, like_count, retweet_count, reply_count,
    quote_count, impression_count, has_media, is_quote, score, score_breakdown, matched_keyword)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (account_id, tweet_id) do update set author_id = excluded.author_id,
    author_username = excluded.author_username, author_followers = excluded.author_followers,
    text = excluded.text, tweet_created_at = excluded.tweet_created_at, like_count = excluded.like_count,
    retweet_count = excluded.retweet_count, reply_count = excluded.reply_count,
    quote_count = excluded.quote_count, impression_count = excluded.impression_count,
    has_media = excluded.has_media, is_quote = excluded.is_quote, score = excluded.score,
    score_breakdown = excluded.score_breakdown, matched_keyword = excluded.matched_keyword`;

export class DiscoveryRepository implements DiscoveryStore {
  /** `save`'s statement, prepared once and run synchronously: a discovery turn stores up to 100 posts. */
  private upsert: Statement | undefined;

  constructor(
    private readonly database: AppDatabase,
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
        sql<number>`(d.replied_to = 1 or exists (select 1 from posts p
          where p.account_id = d.account_id and p.kind = 'reply' and p.in_reply_to_tweet_id = d.tweet_id))`.as(
          'replied',
        ),
      ])
      .where('d.account_id', '=', this.accountId);
  }

  async save(posts: readonly NewDiscoveredPost[], at: Date): Promise<void> {
    if (posts.length === 0) return;
    const stamp = toDbTimestamp(at);
    const { sqlite } = this.database;
    this.upsert ??= sqlite.prepare(UPSERT);
    const upsert = this.upsert;
    sqlite.transaction(() => {
      for (const post of posts) {
        upsert.run(
          this.accountId,
          post.tweet_id,
          post.source,
          stamp,
          post.author_id,
          post.author_username,
          post.author_followers,
          post.text,
          post.tweet_created_at,
          post.like_count,
          post.retweet_count,
          post.reply_count,
          post.quote_count,
          post.impression_count,
          post.has_media ? 1 : 0,
          post.is_quote ? 1 : 0,
          post.score,
          JSON.stringify(post.score_breakdown),
          post.matched_keyword,
        );
      }
    })();
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
      .orderBy('matched_keyword')
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
