// The guard counters come from the store (SQLite or Postgres): they count what was posted in each window
// (the calendar day and ISO week in the account's timezone) and survive a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { checkGuards } from '../../src/core/domain/posting-guards.js';
import { guardUsage } from '../../src/core/gateway/guards.js';
import { PostingRepository } from '../../src/infra/sqlite/repositories/posting-repository.js';
import { type StoreProcesses, storeProcesses } from '../support/store-processes.js';
import { STORES } from '../support/stores.js';

let processes: StoreProcesses | undefined;
afterEach(async () => {
  await processes?.close();
  processes = undefined;
});

const NOW = new Date('2026-11-22T12:00:00Z');
const SETTINGS = {
  max_tweets_per_day: 6,
  max_replies_per_day: 5,
  max_threads_per_week: 1,
  max_replies_per_author_per_day: 1,
  product_mention_ratio: 0.2,
  banned_phrases: [],
  activeHours: {
    timezone: 'UTC',
    start: 0,
    end: 0,
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const,
  },
  product: { name: 'Acme' },
};

describe.each(STORES)('guard counters (%s)', (dialect) => {
  it('count the windows, keep old posts out, and survive a restart', async () => {
    processes = await storeProcesses(dialect, 1);
    let database = processes.stores[0] as (typeof processes.stores)[number];
    const job = await new PostingRepository(database, DEFAULT_ACCOUNT_ID).createJob(
      {
        kind: 'reply',
        payload: { cards: [{ text: 'x', media_paths: [] }] },
        scheduled_for: null,
        origin_type: 'loop',
        actor: 'loop:discovery',
      },
      NOW,
    );
    let posting = new PostingRepository(database, DEFAULT_ACCOUNT_ID);
    const reply = (n: number, at: Date, author: string, mentions = false) =>
      posting.recordPost({
        tweet_id: `r${n}`,
        kind: 'reply',
        text: `reply number ${n} with its own words ${'w'.repeat(n)}`,
        in_reply_to_tweet_id: `target${n}`,
        target_author_id: author,
        origin: 'loop',
        actor: 'loop:discovery',
        job_id: job.id,
        mentions_product: mentions,
        posted_at: at,
      });
    await reply(0, new Date(NOW.getTime() - 25 * 3_600_000), 'old-author'); // yesterday (UTC)
    // A person's own reply is no automation: it uses up none of the caps.
    await posting.recordPost({
      tweet_id: 'mine',
      kind: 'reply',
      text: 'my own reply',
      in_reply_to_tweet_id: 'target-mine',
      target_author_id: 'author3',
      origin: 'draft',
      actor: 'dashboard',
      job_id: job.id,
      mentions_product: true,
      posted_at: new Date(NOW.getTime() - 60_000),
    });
    for (let n = 1; n <= 4; n++) await reply(n, new Date(NOW.getTime() - n * 60_000), `author${n}`, n === 1);
    await database.close();

    database = await processes.another();
    const after = new PostingRepository(database, DEFAULT_ACCOUNT_ID);
    posting = after;
    const usage = await guardUsage(
      after,
      { kind: 'reply', targetTweetId: 'target2', targetAuthorId: 'author3' },
      NOW,
      'UTC',
    );
    expect(usage).toMatchObject({
      repliesToday: 4,
      repliesToAuthorToday: 1,
      productMentionRepliesToday: 1,
      alreadyRepliedToTarget: true,
    });
    expect(usage.recentReplies[0]).toContain('reply number 1');
    const fifth = await guardUsage(
      after,
      { kind: 'reply', targetTweetId: 'new', targetAuthorId: 'new-author' },
      NOW,
      'UTC',
    );
    expect(
      checkGuards(
        {
          kind: 'reply',
          texts: ['a brand new angle'],
          targetTweetId: 'new',
          targetAuthorId: 'new-author',
          autonomous: true,
        },
        fifth,
        SETTINGS,
        NOW,
      ),
    ).toBeUndefined();
    await reply(5, NOW, 'author5');
    const sixth = await guardUsage(
      after,
      { kind: 'reply', targetTweetId: 'newer', targetAuthorId: 'x' },
      NOW,
      'UTC',
    );
    expect(
      checkGuards(
        {
          kind: 'reply',
          texts: ['yet another angle'],
          targetTweetId: 'newer',
          targetAuthorId: 'x',
          autonomous: true,
        },
        sixth,
        SETTINGS,
        NOW,
      )?.rule,
    ).toBe('reply_cap');
    await database.close();
  });

  it('count the local calendar day and ISO week, not the last 24 hours', async () => {
    processes = await storeProcesses(dialect, 1);
    const database = processes.stores[0] as (typeof processes.stores)[number];
    const posting = new PostingRepository(database, DEFAULT_ACCOUNT_ID);
    const job = await posting.createJob(
      {
        kind: 'tweet',
        payload: { cards: [{ text: 'x', media_paths: [] }] },
        scheduled_for: null,
        origin_type: 'loop',
        actor: 'loop:content',
      },
      NOW,
    );
    const post = (id: string, kind: 'tweet' | 'thread_card', at: string) =>
      posting.recordPost({
        tweet_id: id,
        kind,
        ...(kind === 'thread_card' ? { thread_root_tweet_id: id, thread_position: 0 } : {}),
        text: `post ${id}`,
        origin: 'loop',
        actor: 'loop:content',
        job_id: job.id,
        mentions_product: false,
        posted_at: new Date(at),
      });
    // Tokyo is UTC+9: 2026-11-22T12:00Z is Sunday 21:00 there; its day began at 2026-11-21T15:00Z and its
    // ISO week on Monday 2026-11-16T00:00 local = 2026-11-15T15:00Z.
    await post('late-saturday', 'tweet', '2026-11-21T14:30:00Z'); // Saturday 23:30 local: within 24 h, not today
    await post('sunday-morning', 'tweet', '2026-11-21T23:00:00Z'); // Sunday 08:00 local
    await post('monday-thread', 'thread_card', '2026-11-15T16:00:00Z'); // Monday 01:00 local: this week
    await post('sunday-thread', 'thread_card', '2026-11-15T14:00:00Z'); // the Sunday before: last week
    const usage = await guardUsage(posting, { kind: 'tweet' }, NOW, 'Asia/Tokyo');
    expect(usage.tweetsToday).toBe(1);
    expect(usage.threadsThisWeek).toBe(1);
    const utc = await guardUsage(posting, { kind: 'tweet' }, NOW, 'UTC');
    expect(utc.tweetsToday).toBe(0); // in UTC both were on Saturday (a rolling 24 h would count 2)
    await database.close();
  });
});
