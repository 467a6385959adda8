// Posting jobs, the outbox and the record of posts on both stores: jobs fall due in order, a claim goes to
// exactly one of the processes reaching for a job, a repeated post is one job even when processes create it
// at once, and the guards' counts see what is posted and waiting.
import { afterEach, describe, expect, it } from 'vitest';
import { type StoreProcesses, storeProcesses } from '../../../../test/support/store-processes.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { NewJob } from '../../../core/ports/posting-store.js';
import type { Store } from '../../storage/store.js';
import { PostingRepository } from './posting-repository.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const tweet = (text: string, more: Partial<NewJob> = {}): NewJob => ({
  kind: 'tweet',
  payload: { cards: [{ text, media_paths: [] }] },
  scheduled_for: null,
  origin_type: 'loop',
  actor: 'loop:content',
  ...more,
});

const reply = (text: string, target: string, author: string, more: Partial<NewJob> = {}): NewJob => ({
  kind: 'reply',
  payload: { cards: [{ text, media_paths: [] }], in_reply_to_tweet_id: target, target_author_id: author },
  scheduled_for: null,
  origin_type: 'loop',
  actor: 'loop:discovery',
  ...more,
});

async function addDraft(store: Store): Promise<number> {
  const row = await store.db
    .insertInto('drafts')
    .values({ account_id: DEFAULT_ACCOUNT_ID, content: 'a draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(STORES)('PostingRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let processes: StoreProcesses | undefined;
  afterEach(async () => {
    await processes?.close();
    processes = undefined;
  });

  it('answers due jobs in order and when the next waiting one falls due', async () => {
    const posting = new PostingRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const later = await posting.createJob(tweet('later', { scheduled_for: minutes(30).toISOString() }), NOW);
    const now = await posting.createJob(tweet('now'), NOW);
    const past = await posting.createJob(tweet('past', { scheduled_for: minutes(-5).toISOString() }), NOW);
    const retry = await posting.createJob(tweet('retry'), NOW);
    await posting.updateJob(retry.id, { next_attempt_at: minutes(10).toISOString(), attempts: 1 }, NOW);
    const held = await posting.createJob(tweet('held', { scheduled_for: minutes(5).toISOString() }), NOW);
    // Due once both its time and its next attempt have come: the later of the two.
    await posting.updateJob(held.id, { next_attempt_at: minutes(20).toISOString() }, NOW);
    expect(now).toMatchObject({
      status: 'queued',
      payload: { cards: [{ text: 'now' }] },
      posted_tweet_ids: [],
    });

    expect((await posting.dueJobs(NOW, 10)).map((job) => job.id)).toEqual([past.id, now.id]);
    expect((await posting.dueJobs(NOW, 1)).map((job) => job.id)).toEqual([past.id]);
    expect(await posting.nextDueAt(NOW)).toEqual(minutes(10));
    expect(await posting.nextDueAt(minutes(10))).toEqual(minutes(20));
    expect(await posting.nextDueAt(minutes(20))).toEqual(minutes(30));
    expect(await posting.nextDueAt(minutes(30))).toBeUndefined();
    // A job left in progress comes first.
    await posting.claimJob(later, 'host:1:a', NOW);
    expect((await posting.dueJobs(NOW, 10)).map((job) => job.id)).toEqual([later.id, past.id, now.id]);
  });

  it('gives a job to exactly one of the processes claiming it at once', async () => {
    processes = await storeProcesses(dialect, 3);
    const [first] = processes.stores.map((store) => new PostingRepository(store, DEFAULT_ACCOUNT_ID));
    const job = await (first as PostingRepository).createJob(tweet('once'), NOW);
    const claims = await Promise.all(
      processes.stores.flatMap((store, n) =>
        [0, 1, 2, 3].map((k) =>
          new PostingRepository(store, DEFAULT_ACCOUNT_ID).claimJob(job, `host:${n}:${k}`, NOW),
        ),
      ),
    );
    const won = claims.filter((claim) => claim !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ status: 'in_progress', started_at: NOW.toISOString() });
    // Taking over the job from a gone claimant is a claim too: one of two gets it.
    const seen = won[0] as NonNullable<(typeof won)[number]>;
    const takeovers = await Promise.all(
      processes.stores.map((store, n) =>
        new PostingRepository(store, DEFAULT_ACCOUNT_ID).claimJob(seen, `next:${n}`, minutes(1)),
      ),
    );
    expect(takeovers.filter((claim) => claim !== undefined)).toHaveLength(1);
  });

  it('moves a job that has not started, after which a claim of it as it was fails', async () => {
    const posting = new PostingRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const job = await posting.createJob(tweet('move me'), NOW);
    expect(await posting.rescheduleJob(job.id, minutes(60), NOW)).toBe(true);
    expect(await posting.claimJob(job, 'host:1:a', NOW)).toBeUndefined();
    const moved = (await posting.getJob(job.id)) as NonNullable<Awaited<ReturnType<typeof posting.getJob>>>;
    expect(moved.scheduled_for).toBe(minutes(60).toISOString());
    expect(await posting.claimJob(moved, 'host:1:a', NOW)).toBeDefined();
    expect(await posting.rescheduleJob(job.id, minutes(90), NOW)).toBe(false);
    // A card in doubt (an open outbox row) keeps a queued job where it is.
    const other = await posting.createJob(tweet('in doubt'), NOW);
    await posting.openOutboxRow(other.id, 0, { text: 'in doubt', media_paths: [] }, NOW);
    expect(await posting.rescheduleJob(other.id, minutes(60), NOW)).toBe(false);
    // So does a posted card.
    const partly = await posting.createJob(tweet('partly'), NOW);
    await posting.updateJob(partly.id, { posted_tweet_ids: ['p1'] }, NOW);
    expect(await posting.rescheduleJob(partly.id, minutes(60), NOW)).toBe(false);
    expect(await posting.cancelJob(partly.id, NOW)).toBe(false);
    const waiting = await posting.createJob(tweet('waiting'), NOW);
    expect(await posting.cancelJob(waiting.id, NOW)).toBe(true);
    expect(await posting.cancelJob(waiting.id, NOW)).toBe(false);
    expect((await posting.getJob(waiting.id))?.status).toBe('cancelled');
  });

  it('collapses a repeated post into the waiting or just-posted job', async () => {
    const posting = new PostingRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const first = await posting.createJobOnce(tweet('same words'), NOW, minutes(-60));
    expect(first.repeat).toBe(false);
    const again = await posting.createJobOnce(tweet('same words'), minutes(1), minutes(-60));
    expect(again).toMatchObject({ repeat: true, job: { id: first.job.id } });
    // Another time is another post.
    const later = await posting.createJobOnce(
      tweet('same words', { scheduled_for: minutes(60).toISOString() }),
      NOW,
      minutes(-60),
    );
    expect(later.repeat).toBe(false);
    await posting.updateJob(first.job.id, { status: 'posted', completed_at: NOW.toISOString() }, NOW);
    expect((await posting.createJobOnce(tweet('same words'), minutes(2), minutes(-1))).repeat).toBe(true);
    expect((await posting.createJobOnce(tweet('same words'), minutes(90), minutes(60))).repeat).toBe(false);
  });

  it('creates one job for a draft that processes post at once', async () => {
    processes = await storeProcesses(dialect, 3);
    const draftId = await addDraft(processes.stores[0] as Store);
    const answers = await Promise.all(
      processes.stores.flatMap((store) =>
        [0, 1, 2].map(() =>
          new PostingRepository(store, DEFAULT_ACCOUNT_ID).createJobOnce(
            tweet('from the draft', { origin_type: 'draft', actor: 'dashboard', draft_id: draftId }),
            NOW,
            minutes(-60),
          ),
        ),
      ),
    );
    expect(answers.filter((answer) => !answer.repeat)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.job.id)).size).toBe(1);
    const rows = await (processes.stores[1] as Store).db
      .selectFrom('posting_jobs')
      .select('id')
      .where('draft_id', '=', draftId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('creates one job for the same post that processes queue at once', async () => {
    processes = await storeProcesses(dialect, 3);
    const answers = await Promise.all(
      processes.stores.flatMap((store) =>
        [0, 1, 2].map(() =>
          new PostingRepository(store, DEFAULT_ACCOUNT_ID).createJobOnce(
            reply('same reply', 't1', 'alice'),
            NOW,
            minutes(-60),
          ),
        ),
      ),
    );
    expect(answers.filter((answer) => !answer.repeat)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.job.id)).size).toBe(1);
  });

  it('opens an outbox row once per card, counts its attempts and closes it', async () => {
    const posting = new PostingRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const job = await posting.createJob(tweet('card'), NOW);
    const opened = await posting.openOutboxRow(job.id, 0, { text: 'card', media_paths: [] }, NOW);
    expect(opened).toMatchObject({ job_id: job.id, card_index: 0, status: 'pending', attempts: 1 });
    await posting.closeOutboxRow(opened.id, 'failed', { error_code: 'x', error_message: 'no' }, NOW);
    const reopened = await posting.openOutboxRow(
      job.id,
      0,
      { text: 'card two', media_paths: [] },
      minutes(1),
    );
    expect(reopened).toMatchObject({
      id: opened.id,
      status: 'pending',
      attempts: 2,
      request: { text: 'card two' },
    });
    await posting.closeOutboxRow(opened.id, 'confirmed', { platform_id: 'p9' }, minutes(1));
    expect(await posting.outboxRow(job.id, 0)).toMatchObject({ status: 'confirmed', platform_id: 'p9' });
    expect(await posting.outboxRow(job.id, 1)).toBeUndefined();
    expect(posting.writeCount()).toBe(5);
  });

  it('counts what the guards read: posted, waiting and approved posts of agents and loops', async () => {
    const store = await stores.open();
    const posting = new PostingRepository(store, DEFAULT_ACCOUNT_ID);
    const posted = await posting.createJob(reply('hi', 't1', 'alice'), NOW);
    const base = {
      kind: 'reply' as const,
      origin: 'loop',
      actor: 'loop:discovery' as const,
      job_id: posted.id,
      mentions_product: false,
    };
    await posting.recordPost({
      ...base,
      tweet_id: 'r1',
      text: 'first',
      in_reply_to_tweet_id: 't1',
      target_author_id: 'alice',
      posted_at: minutes(-30),
      mentions_product: true,
    });
    await posting.recordPost({ ...base, tweet_id: 'r1', text: 'again', posted_at: minutes(-30) });
    await posting.recordPost({
      ...base,
      tweet_id: 'r2',
      text: 'second',
      in_reply_to_tweet_id: 't2',
      target_author_id: 'bob',
      posted_at: minutes(-20),
    });
    await posting.recordPost({
      ...base,
      tweet_id: 'mine',
      text: 'mine',
      in_reply_to_tweet_id: 't3',
      target_author_id: 'alice',
      origin: 'draft',
      actor: 'dashboard',
      posted_at: minutes(-10),
    });
    await posting.recordPost({
      ...base,
      kind: 'tweet',
      tweet_id: 'w1',
      text: 'a tweet',
      posted_at: minutes(-5),
    });
    await posting.recordPost({
      ...base,
      kind: 'thread_card',
      tweet_id: 'c0',
      text: 'card 0',
      thread_root_tweet_id: 'c0',
      thread_position: 0,
      posted_at: minutes(-4),
    });
    await posting.recordPost({
      ...base,
      kind: 'thread_card',
      tweet_id: 'c1',
      text: 'card 1',
      thread_root_tweet_id: 'c0',
      thread_position: 1,
      posted_at: minutes(-4),
    });
    const since = minutes(-60);
    expect(await posting.countPosts(['reply'], since)).toBe(2);
    expect(await posting.countPosts(['reply'], minutes(-25))).toBe(1);
    expect(await posting.countThreads(since)).toBe(1);
    expect(await posting.countRepliesToAuthor('alice', since)).toBe(1);
    expect(await posting.countProductMentionReplies(since)).toBe(1);
    expect(await posting.recentReplyTexts(2)).toEqual(['mine', 'second']);

    await posting.updateJob(posted.id, { status: 'posted', posted_tweet_ids: ['r1'] }, NOW);
    const waiting = await posting.createJob(reply('waiting', 't4', 'alice'), NOW);
    await posting.createJob(
      reply('mine waiting', 't5', 'alice', { actor: 'dashboard', origin_type: 'draft' }),
      NOW,
    );
    await store.db
      .insertInto('approval_queue')
      .values([
        {
          account_id: DEFAULT_ACCOUNT_ID,
          action_type: 'reply',
          payload: '{"in_reply_to_tweet_id":"t6"}',
          target_author_id: 'alice',
          status: 'approved',
          origin: 'loop',
          actor: 'loop:discovery',
          created_at: NOW.toISOString(),
        },
        {
          account_id: DEFAULT_ACCOUNT_ID,
          action_type: 'reply',
          payload: '{}',
          target_tweet_id: 't7',
          target_author_id: 'carol',
          status: 'pending',
          origin: 'mcp',
          actor: 'agent',
          created_at: NOW.toISOString(),
        },
      ])
      .execute();
    expect(await posting.countQueued(['reply'], since)).toBe(2);
    expect(await posting.countQueued(['reply'], since, { pending: true })).toBe(3);
    expect(await posting.countQueued(['reply'], since, { authorId: 'alice' })).toBe(2);
    expect(await posting.countQueued(['reply'], since, { authorId: 'carol', pending: true })).toBe(1);
    expect(await posting.countQueued(['reply'], since, { except: { jobId: waiting.id } })).toBe(1);
    expect(await posting.countQueued(['tweet'], since)).toBe(0);
    expect(await posting.countQueued([], since)).toBe(0);

    expect(await posting.hasReplyTo('t1')).toBe(true);
    expect(await posting.hasReplyTo('t4')).toBe(true);
    expect(await posting.hasReplyTo('t4', { jobId: waiting.id })).toBe(false);
    expect(await posting.hasReplyTo('t6')).toBe(true);
    expect(await posting.hasReplyTo('t7')).toBe(true);
    expect(await posting.hasReplyTo('t8')).toBe(false);
  });

  it('answers earlier posts, a thread as one, with the jobs still waiting', async () => {
    const posting = new PostingRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const thread = await posting.createJob(
      {
        ...tweet('x'),
        kind: 'thread',
        payload: { cards: ['one', 'two', 'three'].map((text) => ({ text, media_paths: [] })) },
      },
      NOW,
    );
    const base = {
      origin: 'loop',
      actor: 'loop:content' as const,
      job_id: thread.id,
      mentions_product: false,
    };
    await posting.recordPost({
      ...base,
      kind: 'thread_card',
      tweet_id: 'c1',
      text: 'two',
      thread_root_tweet_id: 'c0',
      thread_position: 1,
      posted_at: minutes(-9),
    });
    await posting.recordPost({
      ...base,
      kind: 'thread_card',
      tweet_id: 'c0',
      text: 'one',
      thread_root_tweet_id: 'c0',
      thread_position: 0,
      posted_at: minutes(-10),
    });
    await posting.updateJob(thread.id, { status: 'partial', posted_tweet_ids: ['c0', 'c1'] }, NOW);
    const waiting = await posting.createJob(tweet('soon', { scheduled_for: minutes(5).toISOString() }), NOW);
    expect(await posting.earlierPosts(minutes(-60))).toEqual([
      {
        tweet_id: 'c0',
        texts: ['one', 'two'],
        planned: ['one', 'two', 'three'],
        job_id: thread.id,
        posted_at: minutes(-10).toISOString(),
      },
    ]);
    const withWaiting = await posting.earlierPosts(minutes(-60), { waiting: true });
    expect(withWaiting[1]).toEqual({
      texts: ['soon'],
      job_id: waiting.id,
      scheduled_for: minutes(5).toISOString(),
      queued_at: NOW.toISOString(),
    });
    expect(
      await posting.earlierPosts(minutes(-60), { waiting: true, except: { jobId: waiting.id } }),
    ).toHaveLength(1);
  });
});
