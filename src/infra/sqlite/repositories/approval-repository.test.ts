// The approval queue on both stores: items shown as their content, listed and counted, moved by
// compare-and-set (one of several processes reviewing at once moves an item), edited with a history, and
// expired when pending past their time.
import { afterEach, describe, expect, it } from 'vitest';
import { type StoreProcesses, storeProcesses } from '../../../../test/support/store-processes.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { NewApproval } from '../../../core/ports/approval-store.js';
import { ApprovalRepository } from './approval-repository.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const reply = (text: string, more: Partial<NewApproval> = {}): NewApproval => ({
  action_type: 'reply',
  payload: { cards: [{ text, media_paths: ['a.png'] }], in_reply_to_tweet_id: 't1' },
  actor: 'loop:discovery',
  target_tweet_id: 't1',
  target_author_id: 'alice',
  detected_risks: ['policy_rule:x'],
  ...more,
});

describe.each(STORES)('ApprovalRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let processes: StoreProcesses | undefined;
  afterEach(async () => {
    await processes?.close();
    processes = undefined;
  });

  it('shows an item as its content, lists it in order with the total, and counts by status', async () => {
    const approvals = new ApprovalRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const first = await approvals.create(reply('first'), NOW);
    expect(first).toMatchObject({
      action_type: 'reply',
      content: 'first',
      blocks: null,
      media_paths: ['a.png'],
      status: 'pending',
      origin: 'loop',
      actor: 'loop:discovery',
      detected_risks: ['policy_rule:x'],
      posted_tweet_ids: [],
      created_at: NOW.toISOString(),
    });
    const thread = await approvals.create(
      {
        action_type: 'thread',
        payload: {
          cards: [
            { text: 'one', media_paths: [] },
            { text: 'two', media_paths: ['b.png'] },
          ],
        },
        actor: 'agent',
      },
      minutes(1),
    );
    expect(thread).toMatchObject({ content: 'one\n\ntwo', media_paths: ['b.png'], origin: 'mcp' });
    expect(thread.blocks?.map((block) => block.text)).toEqual(['one', 'two']);
    const tool = await approvals.create(
      {
        action_type: 'social_like_tweet',
        tool_name: 'social_like_tweet',
        payload: { tweet_id: '9' },
        actor: 'agent',
      },
      minutes(2),
    );
    expect(tool).toMatchObject({ content: '', media_paths: [], tool_name: 'social_like_tweet' });
    expect(await approvals.payload(tool.id)).toEqual({ tweet_id: '9' });

    const page = await approvals.list({ status: ['pending'], limit: 2, offset: 1 });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.id)).toEqual([thread.id, tool.id]);
    expect((await approvals.list({ status: ['pending'], type: 'reply', limit: 50, offset: 0 })).total).toBe(
      1,
    );
    await approvals.transition(first.id, ['pending'], { status: 'rejected', reviewed_by: 'dashboard' }, NOW);
    expect(await approvals.stats()).toMatchObject({ pending: 2, rejected: 1, approved: 0 });
    expect(await approvals.pendingIds(1)).toEqual([thread.id]);
  });

  it('moves an item only from the statuses given', async () => {
    const approvals = new ApprovalRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const item = await approvals.create(reply('hi'), NOW);
    expect(await approvals.transition(item.id, ['approved'], { status: 'posting' }, NOW)).toBe('wrong_state');
    const approved = await approvals.transition(
      item.id,
      ['pending'],
      { status: 'approved', reviewed_by: 'dashboard', reviewed_at: NOW.toISOString() },
      minutes(1),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      reviewed_by: 'dashboard',
      updated_at: minutes(1).toISOString(),
    });
    const posted = await approvals.transition(
      item.id,
      ['approved', 'posting'],
      { status: 'posted', posted_tweet_ids: ['p1'] },
      NOW,
    );
    expect(posted).toMatchObject({ status: 'posted', posted_tweet_ids: ['p1'] });
    expect(await approvals.transition(9999, ['pending'], { status: 'approved' }, NOW)).toBeUndefined();
    expect(approvals.writeCount()).toBe(5);
  });

  it('lets one of several processes approving an item at once move it', async () => {
    processes = await storeProcesses(dialect, 3);
    const item = await new ApprovalRepository(processes.stores[0] as never, DEFAULT_ACCOUNT_ID).create(
      reply('once'),
      NOW,
    );
    const answers = await Promise.all(
      processes.stores.flatMap((store) =>
        [0, 1, 2].map((n) =>
          new ApprovalRepository(store, DEFAULT_ACCOUNT_ID).transition(
            item.id,
            ['pending'],
            { status: 'approved', reviewed_by: `reviewer-${n}` },
            NOW,
          ),
        ),
      ),
    );
    expect(answers.filter((answer) => typeof answer === 'object')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'wrong_state')).toHaveLength(8);
  });

  it('edits a pending item and keeps each change, never a reviewed one', async () => {
    const approvals = new ApprovalRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    const item = await approvals.create(reply('old words'), NOW);
    const edited = await approvals.edit(
      item.id,
      { cards: [{ text: 'new words', media_paths: [] }], in_reply_to_tweet_id: 't1' },
      [{ field: 'text', old_value: 'old words', new_value: 'new words' }],
      'dashboard',
      minutes(1),
    );
    expect(edited).toMatchObject({
      content: 'new words',
      media_paths: [],
      updated_at: minutes(1).toISOString(),
    });
    expect(await approvals.history(item.id)).toMatchObject([
      {
        approval_id: item.id,
        editor: 'dashboard',
        field: 'text',
        old_value: 'old words',
        new_value: 'new words',
      },
    ]);
    await approvals.transition(item.id, ['pending'], { status: 'approved' }, minutes(2));
    expect(
      await approvals.edit(
        item.id,
        { cards: [{ text: 'late', media_paths: [] }] },
        [],
        'dashboard',
        minutes(3),
      ),
    ).toBe('wrong_state');
    expect(
      await approvals.edit(9999, { cards: [{ text: 'x', media_paths: [] }] }, [], 'dashboard', NOW),
    ).toBeUndefined();
    expect(await approvals.history(item.id)).toHaveLength(1);
  });

  it('expires pending items past their time and says when the next one does', async () => {
    const approvals = new ApprovalRepository(await stores.open(), DEFAULT_ACCOUNT_ID);
    await approvals.create(reply('soon', { expires_at: minutes(10).toISOString() }), NOW);
    const later = await approvals.create(reply('later', { expires_at: minutes(30).toISOString() }), NOW);
    await approvals.create(reply('never'), NOW);
    expect(await approvals.nextExpiryAt(NOW)).toEqual(minutes(10));
    expect(await approvals.dueToExpire(minutes(10))).toBe(1);
    expect(await approvals.expire(minutes(10))).toBe(1);
    expect(await approvals.nextExpiryAt(minutes(10))).toEqual(minutes(30));
    await approvals.transition(later.id, ['pending'], { status: 'approved' }, NOW);
    expect(await approvals.nextExpiryAt(minutes(10))).toBeUndefined();
    expect(await approvals.expire(minutes(60))).toBe(0);
    expect(await approvals.stats()).toMatchObject({ pending: 1, expired: 1, approved: 1 });
  });
});
