// Exactly-once publishing against the fake platform: immediate posts, threads as reply chains that resume
// after a failure part-way, rate limits that wait, lost answers reconciled instead of re-sent.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { writeMedia } from '../support/media-files.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({
    approval_mode: false,
    limits: { max_tweets_per_day: 100, max_threads_per_week: 100 },
  });
});
beforeEach(() => h.fake.faults.clear());
afterAll(() => h.close());

const compose = async (body: object) => {
  const response = await h.api('POST', '/api/content/compose', body);
  expect(response.status, JSON.stringify(response.json)).toBe(202);
  return response.json as { job_id: number; draft_id: number };
};
const job = async (id: number) => (await h.api('GET', `/api/posting/jobs/${id}`)).json;
const postsWithText = (text: string) => [...h.fake.state.tweets.values()].filter((t) => t.text === text);

describe('publishing', () => {
  it('posts an immediate post once and records it', async () => {
    const { job_id, draft_id } = await compose({ content_type: 'tweet', content: 'straight out' });
    await h.postNow();
    const done = await job(job_id);
    expect(done).toMatchObject({ status: 'posted', posted_tweet_ids: [expect.any(String)] });
    expect(postsWithText('straight out')).toHaveLength(1);
    expect((await h.api('GET', `/api/content/drafts/${draft_id}`)).json).toMatchObject({
      status: 'posted',
      group: 'posted',
    });
    const row = sqliteOf(h.app.deps.database)
      .sqlite.prepare('select kind, text from posts where tweet_id = ?')
      .get(done.posted_tweet_ids[0]);
    expect(row).toEqual({ kind: 'tweet', text: 'straight out' });
    await h.postNow();
    expect(postsWithText('straight out')).toHaveLength(1);
  });

  it('a thread failing at card 3 of 5 records the live cards, reports thread_partial_failure and resumes', async () => {
    const texts = ['t1 hook', 't2 body', 't3 body', 't4 body', 't5 end'];
    const blocks = texts.map((text, order) => ({ id: `k${order}`, text, media_paths: [], order }));
    const { job_id, draft_id } = await compose({ content_type: 'thread', blocks });
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', skip: 2, action: faultPresets.forbidden() });
    await h.postNow();
    const partial = await job(job_id);
    expect(partial).toMatchObject({
      status: 'partial',
      last_error_code: 'thread_partial_failure',
      posted_tweet_ids: [expect.any(String), expect.any(String)],
    });
    expect(partial.last_error).toContain('thread failed at card 3 of 5 (2 live)');
    expect((await h.api('GET', `/api/content/drafts/${draft_id}`)).json.last_error).toContain('card 3 of 5');

    h.clock.advance(60_000);
    await h.postNow();
    const done = await job(job_id);
    expect(done.status).toBe('posted');
    const ids = done.posted_tweet_ids as string[];
    expect(ids.slice(0, 2)).toEqual(partial.posted_tweet_ids);
    expect(ids).toHaveLength(5);
    for (const [index, text] of texts.entries()) {
      expect(postsWithText(text), text).toHaveLength(1);
      const tweet = h.fake.state.tweets.get(ids[index] as string);
      expect(tweet?.text).toBe(text);
      expect(tweet?.inReplyToTweetId).toBe(index === 0 ? undefined : ids[index - 1]);
    }
  });

  it('a rate-limited post waits for the reset instead of failing', async () => {
    const { job_id } = await compose({ content_type: 'tweet', content: 'patience' });
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.rateLimited(300) });
    await h.postNow();
    const waiting = await job(job_id);
    expect(waiting).toMatchObject({ status: 'queued', last_error_code: 'social_rate_limited', attempts: 0 });
    expect(Date.parse(waiting.next_attempt_at)).toBe(h.clock.now() + 300_000);
    h.clock.advance(200_000);
    await h.postNow();
    expect(postsWithText('patience')).toHaveLength(0);
    h.clock.advance(101_000);
    await h.postNow();
    expect((await job(job_id)).status).toBe('posted');
    expect(postsWithText('patience')).toHaveLength(1);
  });

  it('a lost answer after the platform committed is reconciled, never re-sent', async () => {
    const { job_id } = await compose({ content_type: 'tweet', content: 'committed but unheard' });
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.dropAfterCommit() });
    const mark = h.fake.requests.length;
    await h.postNow();
    expect((await job(job_id)).status).toBe('queued');
    const row = sqliteOf(h.app.deps.database)
      .sqlite.prepare('select status from outbox where job_id = ?')
      .get(job_id);
    expect(row).toEqual({ status: 'in_doubt' });
    h.clock.advance(60_000);
    await h.postNow();
    const done = await job(job_id);
    expect(done.status).toBe('posted');
    expect(postsWithText('committed but unheard')).toHaveLength(1);
    expect(done.posted_tweet_ids[0]).toBe(postsWithText('committed but unheard')[0]?.id);
    expect(
      h.fake.requests.slice(mark).filter((r) => r.method === 'POST' && r.path === '/2/tweets'),
    ).toHaveLength(1);
  });

  it('a write that never arrived (dropped, or 503) is checked, then sent again: posted exactly once', async () => {
    for (const fault of [faultPresets.drop(), faultPresets.serverError(503)]) {
      const text = `second try ${fault.type}`;
      const { job_id } = await compose({ content_type: 'tweet', content: text });
      h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: fault });
      await h.postNow();
      expect((await job(job_id)).status).toBe('queued');
      h.clock.advance(60_000);
      await h.postNow();
      expect((await job(job_id)).status).toBe('posted');
      expect(postsWithText(text)).toHaveLength(1);
    }
  });

  it('a post the platform refuses outright fails with the reason, once', async () => {
    const { job_id, draft_id } = await compose({ content_type: 'tweet', content: 'refused outright' });
    h.fake.faults.inject({ path: '/2/tweets', method: 'POST', action: faultPresets.forbidden() });
    await h.postNow();
    expect(await job(job_id)).toMatchObject({ status: 'failed', last_error_code: 'social_forbidden' });
    const draft = (await h.api('GET', `/api/content/drafts/${draft_id}`)).json;
    expect(draft).toMatchObject({
      status: 'failed',
      group: 'active',
      last_error: expect.stringContaining('403'),
    });
    await h.postNow();
    expect(postsWithText('refused outright')).toHaveLength(0);
  });

  it('media follows its card: images are uploaded and attached', async () => {
    const file = writeMedia(`${h.home.dir}/pic.png`, 'png');
    const form = new FormData();
    form.set('file', new Blob([readFileSync(file)]), 'pic.png');
    const upload = await h.server.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { host: 'localhost', authorization: `Bearer ${h.token}` },
      payload: form,
    });
    const path = upload.json().path as string;
    const blocks = [
      { id: 'm0', text: 'card with a picture', media_paths: [path], order: 0 },
      { id: 'm1', text: 'card without', media_paths: [], order: 1 },
    ];
    const { job_id } = await compose({ content_type: 'thread', blocks });
    await h.postNow();
    const ids = (await job(job_id)).posted_tweet_ids as string[];
    expect(h.fake.state.tweets.get(ids[0] as string)?.mediaKeys).toHaveLength(1);
    expect(h.fake.state.tweets.get(ids[1] as string)?.mediaKeys).toEqual([]);
  });
});

describe('guards at posting time', () => {
  it("a loop's post over the daily cap is held back (not failed) until the window frees", async () => {
    const capped = await startHttpHarness({ approval_mode: false, limits: { max_tweets_per_day: 1 } });
    try {
      const at = capped.app.deps.clock.now();
      const jobs = await Promise.all(
        ['one', 'two'].map((text) =>
          capped.app.deps.content.posting.createJob(
            {
              kind: 'tweet',
              payload: { cards: [{ text, media_paths: [] }] },
              scheduled_for: '2026-11-22T13:00:00.000Z',
              origin_type: 'loop',
              actor: 'loop:content',
            },
            at,
          ),
        ),
      );
      capped.clock.advance(3_600_000);
      await capped.postNow();
      const after = await Promise.all(
        jobs.map(async (job) => (await capped.api('GET', `/api/posting/jobs/${job.id}`)).json),
      );
      expect(after.map((j) => j.status).sort()).toEqual(['posted', 'queued']);
      expect(after.find((j) => j.status === 'queued')?.last_error).toContain('daily post cap reached (1/1)');
    } finally {
      await capped.close();
    }
  });
});
