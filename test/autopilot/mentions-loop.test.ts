// The mentions loop against the fake platform, the fake LLM and real SQLite: fresh mentions answered
// oldest first as loop:mentions (queued for review in approval mode), the account's own and day-old ones
// never, at most 3 replies a turn, the since-id kept across a restart, and a failing LLM leaving the
// unanswered mentions for the next turn.
import { describe, expect, it } from 'vitest';
import { mentionsLoop } from '../../src/automation/loops/mentions.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { loopWorld } from './loop-world.js';

const DAY = 86_400_000;
const world = loopWorld();

const config = (): ConfigInput => ({
  approval_mode: true,
  business: { product_name: 'Queuebird', product_keywords: ['sqlite'] },
  llm: { provider: 'openai', api_key: 'k', base_url: world.llm.openaiBaseUrl },
  limits: { max_replies_per_day: 20 },
});

/** A harness two days after the demo world's posts, so only mentions seeded here are fresh. */
async function start(home?: AppHarness['home'], extra: Partial<ConfigInput> = {}) {
  const harness = await startAppHarness({
    config: { ...config(), ...extra },
    loginSeconds: (7 * DAY) / 1000,
    ...(home ? { home } : {}),
  });
  harness.clock.advance(2 * DAY);
  return harness;
}

const turn = (harness: AppHarness) =>
  mentionsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
const queued = async (harness: AppHarness) =>
  (await harness.app.deps.content.approvals.list({ status: ['pending'], limit: 50, offset: 0 })).items;

function mention(harness: AppHarness, author: string, text: string, minutesAgo: number): string {
  return harness.fake.state.seed({
    tweets: [{ author_username: author, text: `@app_owner ${text}`, minutes_ago: minutesAgo }],
  }).tweets[0] as string;
}

describe('mentions loop', () => {
  it('answers fresh mentions oldest first as loop:mentions; not the account itself, not a day-old one', async () => {
    const h = await world.open(start());
    const older = mention(h, 'rust_rob', 'does the queue survive a restart?', 30);
    const newer = mention(h, 'ml_maria', 'what about retries?', 10);
    mention(h, 'design_dan', 'this is from yesterday', 26 * 60);
    h.fake.state.seed({
      tweets: [{ author_username: 'app_owner', text: '@app_owner note to self', minutes_ago: 5 }],
    });
    world.llm.script
      .reply('It does: jobs are rows, not memory.')
      .reply('Three tries with back-off, then a person.');
    expect(await turn(h)).toBe('2 new mentions, 2 replies queued');
    const items = await queued(h);
    expect(items.map((i) => [i.target_tweet_id, i.actor])).toEqual(
      expect.arrayContaining([
        [older, 'loop:mentions'],
        [newer, 'loop:mentions'],
      ]),
    );
    expect(items).toHaveLength(2);
    // The older mention got the first generated reply.
    expect(JSON.stringify(items.find((i) => i.target_tweet_id === older))).toContain('jobs are rows');
    expect(await turn(h)).toBe('no new mentions');
    expect(world.llm.calls).toHaveLength(2);
  });

  it('at most 3 replies a turn; the rest the next turn; the since-id is kept in the database', async () => {
    const h = await world.open(start());
    const ids = ['rust_rob', 'ml_maria', 'design_dan', 'dana_devrel', 'sam_codes'].map((author, i) =>
      mention(h as AppHarness, author, `question number ${i + 1}?`, 50 - i),
    );
    for (const text of [
      'Use a lease column.',
      'Retry with back-off.',
      'Keep jobs idempotent.',
      'Log every failure.',
      'Test the restart path.',
    ])
      world.llm.script.reply(text);
    expect(await turn(h)).toBe('3 new mentions, 3 replies queued');
    expect(await turn(h)).toBe('2 new mentions, 2 replies queued');
    expect((await queued(h)).map((i) => i.target_tweet_id).sort()).toEqual([...ids].sort());
    expect(await h.app.deps.discovery.cursors.get('mentions:since_id')).toBe(ids.at(-1));
    expect(await turn(h)).toBe('no new mentions');
  });

  it('the LLM failing stops the turn with an error; the mention is answered on the next turn', async () => {
    const h = await world.open(start());
    const id = mention(h, 'rust_rob', 'is it open source?', 5);
    world.llm.script.fail({ status: 500, times: 10 });
    await expect(turn(h)).rejects.toMatchObject({ code: 'llm_error' });
    expect(await queued(h)).toEqual([]);
    world.llm.reset();
    world.llm.script.reply('Yes, MIT.');
    expect(await turn(h)).toBe('1 new mention, 1 reply queued');
    expect((await queued(h)).map((i) => i.target_tweet_id)).toEqual([id]);
  });

  it('a mention whose author is suspended before the reply goes out is set aside with the reason; the others are answered and the loop moves on', async () => {
    const h = await world.open(start(undefined, { approval_mode: false }));
    const goneId = h.fake.state.seed({ users: [{ username: 'gone_dark', followers_count: 90 }] })
      .users[0] as string;
    const fromGone = mention(h, 'gone_dark', 'check my profile for a deal', 30);
    const fromMaria = mention(h, 'ml_maria', 'does it retry?', 10);
    world.llm.script
      .reply(() => {
        // Suspended by the platform while the reply was being written.
        const gone = h.fake.state.users.get(goneId);
        if (gone) gone.suspended = true;
        return 'Thanks for the mention.';
      })
      .reply('Three tries with back-off, then a person.');
    expect(await turn(h)).toBe(
      '2 new mentions, 1 reply posted, 1 reply refused (the post is gone: deleted, or its author suspended)',
    );
    const replies = [...h.fake.state.tweets.values()].filter(
      (t) => t.inReplyToTweetId === fromGone || t.inReplyToTweetId === fromMaria,
    );
    expect(replies.map((t) => [t.inReplyToTweetId, t.text])).toEqual([
      [fromMaria, 'Three tries with back-off, then a person.'],
    ]);
    expect(await h.app.deps.discovery.cursors.get('mentions:since_id')).toBe(fromMaria);
    expect(await turn(h)).toBe('no new mentions');
  });
});
