// Seeds the rows the analytics tools read, on either store: posts as the publisher records them (a done
// posting job, then the posts the posting repository's recordPost writes, with the same columns), and the
// tables the analytics loop fills (metrics, follower snapshots, action log, API usage) with plain inserts.
// Every method writes before it resolves: await it.
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import type { NewJob, PostedRecord } from '../../src/core/ports/posting-store.js';
import { contentHash } from '../../src/infra/sqlite/repositories/job-content.js';
import { PostingRepository } from '../../src/infra/sqlite/repositories/posting-repository.js';
import type { Store } from '../../src/infra/storage/store.js';

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
  ): Promise<void>;
  snapshot(date: string, followers: number): Promise<void>;
  action(
    actionType: string,
    status: string,
    createdAt: string,
    metadata?: Record<string, unknown>,
  ): Promise<void>;
  /** One platform API call as the client records it. */
  apiCall(method: string, endpoint: string, createdAt: string): Promise<void>;
}

const SEED_JOB: Pick<NewJob, 'kind' | 'payload'> = {
  kind: 'tweet',
  payload: { cards: [{ text: 'seed', media_paths: [] }] },
};

export function analyticsSeed(store: Store, accountId = DEFAULT_ACCOUNT_ID): AnalyticsSeed {
  const { db } = store;
  let jobId: number | undefined;
  return {
    async post(kind, tweetId, postedAt, extra = {}) {
      const at = new Date(postedAt).toISOString();
      if (jobId === undefined) {
        // Done, as the publisher leaves it: a running service's posting queue must not post it again.
        const job = await db
          .insertInto('posting_jobs')
          .values({
            account_id: accountId,
            kind: SEED_JOB.kind,
            payload: JSON.stringify(SEED_JOB.payload),
            scheduled_for: null,
            origin_type: 'loop',
            actor: 'loop:content',
            draft_id: null,
            approval_id: null,
            content_hash: contentHash(SEED_JOB),
            status: 'posted',
            completed_at: at,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        jobId = Number(job.id);
      }
      const post: PostedRecord = {
        tweet_id: tweetId,
        kind,
        text: `${kind} ${tweetId}`,
        origin: 'loop',
        actor: 'loop:content',
        job_id: jobId,
        mentions_product: false,
        posted_at: new Date(postedAt),
        ...extra,
      };
      // As the publisher records a post (one row per account and tweet id).
      await new PostingRepository(store, accountId).recordPost(post);
    },
    async metrics(tweetId, values) {
      await db
        .insertInto('post_metrics')
        .values({
          account_id: accountId,
          tweet_id: tweetId,
          impressions: values.impressions ?? 0,
          likes: values.likes ?? 0,
          replies: values.replies ?? 0,
          retweets: values.retweets ?? 0,
          quotes: values.quotes ?? 0,
        })
        .execute();
    },
    async snapshot(date, followers) {
      await db
        .insertInto('follower_snapshots')
        .values({
          account_id: accountId,
          snapshot_date: date,
          followers,
          following: 100,
          tweet_count: 500,
        })
        .execute();
    },
    async action(actionType, status, createdAt, metadata = {}) {
      await db
        .insertInto('action_log')
        .values({
          account_id: accountId,
          action_type: actionType,
          status,
          message: `${actionType} ${status}`,
          metadata: JSON.stringify(metadata),
          created_at: createdAt,
        })
        .execute();
    },
    async apiCall(method, endpoint, createdAt) {
      await db
        .insertInto('api_usage')
        .values({
          account_id: accountId,
          host: 'api.x.com',
          method,
          endpoint,
          status_code: 200,
          latency_ms: 40,
          created_at: createdAt,
        })
        .execute();
    },
  };
}
