// A loop's reply keeps the author it answered: the post record and the approval item carry it, so the
// per-author cap (1 a day by default) holds for the next post by the same person — posted or still queued.
import { afterEach, describe, expect, it } from 'vitest';
import { loopActor } from '../../src/contracts/actor.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: AppHarness | undefined;
afterEach(async () => h?.close());

function twoPostsBy(harness: AppHarness, author: string): [string, string] {
  return harness.fake.state.seed({
    tweets: [
      { author_username: author, text: 'first question about queues', minutes_ago: 20 },
      { author_username: author, text: 'second question about retries', minutes_ago: 10 },
    ],
  }).tweets as [string, string];
}

describe('per-author cap for loop replies', () => {
  it('posted: the reply records its author and the second reply to that author today is refused', async () => {
    h = await startAppHarness({ config: { approval_mode: false } });
    const [first, second] = twoPostsBy(h, 'rust_rob');
    const author = h.fake.state.userByUsername('rust_rob')?.id;
    const actor = loopActor('discovery');
    expect(
      await h.app.deps.forLoops.actions.reply(actor, first, 'Rows, not memory: it survives a restart.'),
    ).toEqual({
      outcome: 'posted',
    });
    const stored = sqliteOf(h.app.deps.database)
      .sqlite.prepare("select target_author_id from posts where kind = 'reply'")
      .all() as Array<{ target_author_id: string }>;
    expect(stored).toEqual([{ target_author_id: author }]);
    const again = await h.app.deps.forLoops.actions.reply(
      actor,
      second,
      'Three tries with back-off, then a person.',
    );
    expect(again).toMatchObject({ outcome: 'refused' });
    expect(again.outcome === 'refused' && again.reason).toMatch(/already replied to this author 1 time/);
    const replies = [...h.fake.state.tweets.values()].filter((t) => t.inReplyToTweetId === second);
    expect(replies).toHaveLength(0);
  });

  it('approval mode: the queued item carries the author and counts against the cap', async () => {
    h = await startAppHarness({ config: { approval_mode: true } });
    const [first, second] = twoPostsBy(h, 'ml_maria');
    const author = h.fake.state.userByUsername('ml_maria')?.id;
    const actor = loopActor('mentions');
    expect(await h.app.deps.forLoops.actions.reply(actor, first, 'It does, with a retry budget.')).toEqual({
      outcome: 'queued',
    });
    const items = (await h.app.deps.content.approvals.list({ status: ['pending'], limit: 10, offset: 0 }))
      .items;
    expect(items.map((i) => [i.target_tweet_id, i.target_author_id])).toEqual([[first, author]]);
    const again = await h.app.deps.forLoops.actions.reply(actor, second, 'Back-off first, then a person.');
    expect(again).toMatchObject({ outcome: 'refused' });
  });
});
