// Seeds the rows the analytics tools read: posts through the real posting repository (after a posting job,
// as the publisher records them), and the tables the analytics loop fills (metrics, follower snapshots,
// action log, API usage) with plain inserts, since no repository writes those yet.
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import type { PostedRecord } from '../../src/core/ports/posting-store.js';
import type { AppDatabase } from '../../src/infra/sqlite/open-database.js';
import { PostingRepository } from '../../src/infra/sqlite/repositories/posting-repository.js';

export interface AnalyticsSeed {
  post(
    kind: PostedRecord['kind'],
    tweetId: string,
    postedAt: string,
    extra?: Partial<PostedRecord>,
  ): Promise<void>;
  metrics(
    tweetId: string,
    values: { impressions?: number; likes?: number; replies?: number; retweets?: number; quotes?: number },
  ): void;
  snapshot(date: string, followers: number): void;
  action(actionType: string, status: string, createdAt: string, metadata?: Record<string, unknown>): void;
  /** One platform API call as the client records it. */
  apiCall(method: string, endpoint: string, createdAt: string): void;
}

export function analyticsSeed(database: AppDatabase, accountId = DEFAULT_ACCOUNT_ID): AnalyticsSeed {
  const posting = new PostingRepository(database, accountId);
  let jobId: number | undefined;
  const { sqlite } = database;
  return {
    async post(kind, tweetId, postedAt, extra = {}) {
      const at = new Date(postedAt);
      if (jobId === undefined) {
        jobId = (
          await posting.createJob(
            {
              kind: 'tweet',
              payload: { cards: [{ text: 'seed', media_paths: [] }] },
              scheduled_for: null,
              origin_type: 'loop',
              actor: 'loop:content',
            },
            at,
          )
        ).id;
        // Done, as the publisher leaves it: a running service's posting queue must not post it again.
        await posting.updateJob(jobId, { status: 'posted', completed_at: at.toISOString() }, at);
      }
      await posting.recordPost({
        tweet_id: tweetId,
        kind,
        text: `${kind} ${tweetId}`,
        origin: 'loop',
        actor: 'loop:content',
        job_id: jobId,
        mentions_product: false,
        posted_at: at,
        ...extra,
      });
    },
    metrics(tweetId, values) {
      sqlite
        .prepare(
          `insert into post_metrics (account_id, tweet_id, impressions, likes, replies, retweets, quotes)
           values (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          accountId,
          tweetId,
          values.impressions ?? 0,
          values.likes ?? 0,
          values.replies ?? 0,
          values.retweets ?? 0,
          values.quotes ?? 0,
        );
    },
    snapshot(date, followers) {
      sqlite
        .prepare(
          `insert into follower_snapshots (account_id, snapshot_date, followers, following, tweet_count)
           values (?, ?, ?, 100, 500)`,
        )
        .run(accountId, date, followers);
    },
    action(actionType, status, createdAt, metadata = {}) {
      sqlite
        .prepare(
          'insert into action_log (account_id, action_type, status, message, metadata, created_at) values (?, ?, ?, ?, ?, ?)',
        )
        .run(accountId, actionType, status, `${actionType} ${status}`, JSON.stringify(metadata), createdAt);
    },
    apiCall(method, endpoint, createdAt) {
      sqlite
        .prepare(
          `insert into api_usage (account_id, host, method, endpoint, status_code, latency_ms, created_at)
           values (?, 'api.x.com', ?, ?, 200, 40, ?)`,
        )
        .run(accountId, method, endpoint, createdAt);
    },
  };
}
