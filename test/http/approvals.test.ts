// The approval queue over HTTP: list, approve (guards first), reject, approve-all with its batch cap,
// edit with history, and the statuses an item moves through until it is posted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({
    approval_mode: true,
    max_batch_approve: 3,
    limits: { max_tweets_per_day: 50 },
  });
});
afterAll(() => h.close());

async function queue(content: string | object, content_type: 'tweet' | 'thread' = 'tweet') {
  const body = typeof content === 'string' ? { content_type, content } : { content_type, ...content };
  const response = await h.api('POST', '/api/content/compose', body);
  expect(response.json.status).toBe('queued_for_approval');
  return response.json as { approval_id: number; draft_id: number };
}

describe('approval queue', () => {
  it('items past their expiry leave the pending list as expired', async () => {
    const { approvalPosterLoop } = await import('../../src/automation/loops/approval-poster.js');
    const store = h.app.deps.content.approvals;
    const now = h.app.deps.clock.now();
    const stale = await store.create(
      {
        action_type: 'reply',
        payload: { cards: [{ text: 'late reply', media_paths: [] }] },
        actor: 'loop:discovery',
        expires_at: new Date(now.getTime() - 1).toISOString(),
      },
      now,
    );
    const fresh = await store.create(
      {
        action_type: 'reply',
        payload: { cards: [{ text: 'fresh reply', media_paths: [] }] },
        actor: 'loop:discovery',
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      },
      now,
    );
    await approvalPosterLoop.run(h.app.deps.forLoops, { signal: new AbortController().signal });
    expect((await h.api('GET', `/api/approval/${stale.id}`)).json.status).toBe('expired');
    expect((await h.api('GET', `/api/approval/${fresh.id}`)).json.status).toBe('pending');
    // The loop's housekeeping is a mutation like any other: audited with the loop as its actor.
    const audited = sqliteOf(h.app.deps.database)
      .sqlite.prepare("select actor, face from mutation_audit where tool_name = 'approvals.expire'")
      .all();
    expect(audited).toEqual([{ actor: 'loop:approval-poster', face: 'loop' }]);
    // Nothing due: no audit row (the loop runs every 15 s).
    await approvalPosterLoop.run(h.app.deps.forLoops, { signal: new AbortController().signal });
    expect(
      sqliteOf(h.app.deps.database)
        .sqlite.prepare("select count(*) as n from mutation_audit where tool_name = 'approvals.expire'")
        .get(),
    ).toEqual({ n: 1 });
    await h.api('POST', `/api/approval/${fresh.id}/reject`);
  });

  it('pending → approved → posted, with the draft following along', async () => {
    const { approval_id, draft_id } = await queue('ship it');
    const list = await h.api('GET', '/api/approval');
    expect(list.json.items.map((i: { id: number }) => i.id)).toContain(approval_id);
    // A caller cannot name someone else as the reviewer: the reviewer is who authenticated.
    const approved = await h.api('POST', `/api/approval/${approval_id}/approve`, {
      actor: 'maria',
      notes: 'lgtm',
    });
    expect(approved.json).toMatchObject({
      item: { status: 'approved', reviewed_by: 'api', review_notes: 'lgtm' },
      job_id: expect.any(Number),
    });
    await h.postNow();
    const item = await h.api('GET', `/api/approval/${approval_id}`);
    expect(item.json).toMatchObject({ status: 'posted', posted_tweet_ids: [expect.any(String)] });
    const draft = await h.api('GET', `/api/content/drafts/${draft_id}`);
    expect(draft.json).toMatchObject({
      status: 'posted',
      group: 'posted',
      posted_tweet_ids: item.json.posted_tweet_ids,
    });
    const again = await h.api('POST', `/api/approval/${approval_id}/approve`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain('already been reviewed');
  });

  it('reject sends the draft back to Active with the note', async () => {
    const { approval_id, draft_id } = await queue('not this one');
    const rejected = await h.api('POST', `/api/approval/${approval_id}/reject`, { notes: 'off-brand' });
    expect(rejected.json).toMatchObject({ status: 'rejected', review_notes: 'off-brand' });
    const draft = await h.api('GET', `/api/content/drafts/${draft_id}`);
    expect(draft.json).toMatchObject({ status: 'draft', group: 'active', last_error: 'rejected: off-brand' });
  });

  it('edits are validated, kept in history, and only allowed while pending', async () => {
    const { approval_id } = await queue('first wording');
    const edited = await h.api('PATCH', `/api/approval/${approval_id}`, {
      content: 'second wording',
      editor: 'maria',
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ content: 'second wording', status: 'pending' });
    const tooLong = await h.api('PATCH', `/api/approval/${approval_id}`, { content: 'x'.repeat(281) });
    expect(tooLong.status).toBe(400);
    const history = await h.api('GET', `/api/approval/${approval_id}/history`);
    expect(history.json.items).toEqual([
      expect.objectContaining({
        editor: 'api',
        field: 'content',
        old_value: 'first wording',
        new_value: 'second wording',
      }),
    ]);
    await h.api('POST', `/api/approval/${approval_id}/reject`);
    expect((await h.api('PATCH', `/api/approval/${approval_id}`, { content: 'late' })).status).toBe(409);
  });

  it('thread items keep per-card media and post as a reply chain', async () => {
    const blocks = ['one', 'two', 'three'].map((text, order) => ({
      id: `c${order}`,
      text,
      media_paths: [],
      order,
    }));
    const { approval_id } = await queue({ blocks }, 'thread');
    const item = await h.api('GET', `/api/approval/${approval_id}`);
    expect(item.json.blocks.map((b: { id: string; text: string }) => [b.id, b.text])).toEqual([
      ['c0', 'one'],
      ['c1', 'two'],
      ['c2', 'three'],
    ]);
    await h.api('POST', `/api/approval/${approval_id}/approve`);
    await h.postNow();
    const posted = (await h.api('GET', `/api/approval/${approval_id}`)).json.posted_tweet_ids as string[];
    expect(posted).toHaveLength(3);
    expect(h.fake.state.tweets.get(posted[1] as string)?.inReplyToTweetId ?? null).toBe(posted[0]);
  });

  it('approving never bypasses the guards: a banned phrase added by an edit is refused and the item stays pending', async () => {
    const { approval_id } = await queue('clean text');
    const sneaky = await h.api('PATCH', `/api/approval/${approval_id}`, { content: 'Link in bio for more' });
    expect(sneaky.status).toBe(200);
    const refused = await h.api('POST', `/api/approval/${approval_id}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({
      code: 'policy_denied_hard_rule',
      message: expect.stringContaining('link in bio'),
    });
    expect((await h.api('GET', `/api/approval/${approval_id}`)).json.status).toBe('pending');
  });

  it('approve-all approves at most max_batch_approve items, each through the guards', async () => {
    for (const item of (await h.api('GET', '/api/approval?limit=200')).json.items) {
      await h.api('POST', `/api/approval/${item.id}/reject`);
    }
    for (const text of ['a1', 'a2', 'a3', 'a4']) await queue(`batch ${text}`);
    const result = await h.api('POST', '/api/approval/approve-all', {});
    expect(result.json.max_batch).toBe(3);
    expect(result.json.approved).toHaveLength(3);
    expect(result.json.skipped).toEqual([]);
    expect((await h.api('GET', '/api/approval/stats')).json.pending).toBe(1);
    await h.api('PATCH', `/api/approval/${(await queue('fine')).approval_id}`, {
      content: 'check out this link',
    });
    const mixed = await h.api('POST', '/api/approval/approve-all', {});
    expect(mixed.json.approved).toHaveLength(1);
    expect(mixed.json.skipped.map((s: { code: string }) => s.code)).toEqual(['policy_denied_hard_rule']);
  });
});
