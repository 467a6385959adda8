// A post went out but the outbox row could not be closed (the database refused the write): the row must
// stay open, so the next run reconciles it with the platform instead of taking it for a refused post and
// sending the card again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { runPostingQueue } from '../../src/core/gateway/publish-job.js';
import type { PostingStore } from '../../src/core/ports/posting-store.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({ approval_mode: false });
});
afterAll(() => h.close());

/** The real store, except that confirming card `card`'s row fails once (a disk full, a locked file). */
function failingConfirm(store: PostingStore, card: number): PostingStore {
  let failed = false;
  let rowId: number | undefined;
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'openOutboxRow')
        return async (...args: Parameters<PostingStore['openOutboxRow']>) => {
          const row = await target.openOutboxRow(...args);
          if (args[1] === card) rowId = row.id;
          return row;
        };
      if (prop === 'closeOutboxRow')
        return async (...args: Parameters<PostingStore['closeOutboxRow']>) => {
          if (!failed && args[0] === rowId && args[1] === 'confirmed') {
            failed = true;
            throw new AppError('db_error', 'database failure: SQLITE_FULL: database or disk is full');
          }
          return target.closeOutboxRow(...args);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('the outbox row cannot be closed after a successful post', () => {
  it('leaves the row open, reconciles on the next run, and sends nothing twice', async () => {
    const texts = ['close fails: first', 'close fails: second', 'close fails: third'];
    const compose = await h.api('POST', '/api/content/compose', {
      content_type: 'thread',
      content: JSON.stringify(texts),
    });
    expect(compose.status).toBe(202);
    const jobId = (compose.json as { job_id: number }).job_id;
    const deps = h.app.deps.publisher;

    await runPostingQueue({ ...deps, posting: failingConfirm(deps.posting, 1) });
    const parked = await deps.posting.getJob(jobId);
    expect(parked).toMatchObject({ status: 'partial', last_error: expect.stringContaining('SQLITE_FULL') });
    expect((await deps.posting.outboxRow(jobId, 1))?.status).toBe('pending');

    h.clock.advance(60_000);
    await h.postNow();
    const done = await deps.posting.getJob(jobId);
    expect(done?.status).toBe('posted');
    const live = texts.map((text) => [...h.fake.state.tweets.values()].filter((t) => t.text === text));
    expect(live.map((posts) => posts.length)).toEqual([1, 1, 1]);
    expect(done?.posted_tweet_ids).toEqual(live.map((posts) => posts[0]?.id));
    const refused = h.fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/2/tweets' && r.status >= 400,
    );
    expect(refused).toEqual([]);
  });
});
