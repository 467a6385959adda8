// The discovery loop against the fake platform, the fake LLM and real SQLite: keywords in turn (kept
// across a restart), every post stored for the feed, and in autopilot one reply for the best post sent as
// loop:discovery through the gateway — queued for review in approval mode, posted otherwise; composer
// only reads.
import { describe, expect, it } from 'vitest';
import { discoveryLoop } from '../../src/automation/loops/discovery.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { seedFreshPosts } from '../mcp/discovery-fixtures.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { loopWorld } from './loop-world.js';

const world = loopWorld();

const config = (extra: ConfigInput = {}): ConfigInput => ({
  business: {
    product_name: 'Queuebird',
    product_keywords: ['sqlite', 'typescript'],
    competitor_keywords: ['job queue', 'SQLite'],
  },
  llm: { provider: 'openai', api_key: 'k', base_url: world.llm.openaiBaseUrl },
  schedule: { active_hours_start: 0, active_hours_end: 0 },
  ...extra,
});

const turn = (harness: AppHarness) =>
  discoveryLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
const searches = (harness: AppHarness) =>
  harness.fake.requests.filter((r) => r.path === '/2/tweets/search/recent').map((r) => r.query.query ?? '');

describe('discovery loop', () => {
  it('searches one keyword per turn, in turn, without repeats, and keeps its place across a restart', async () => {
    let h = await world.open(startAppHarness({ config: config({ mode: 'composer' }) }));
    await turn(h);
    await turn(h);
    const home = h.home;
    await h.app.close();
    await h.fake.close();
    h = await world.open(startAppHarness({ config: config({ mode: 'composer' }), home }));
    await turn(h);
    await turn(h);
    // sqlite, typescript before the restart; then "job queue", and sqlite again ("SQLite" is the same word).
    expect(searches(h)).toEqual(['"job queue" -is:retweet', 'sqlite -is:retweet']);
    home.cleanup();
  });

  it('autopilot in approval mode: the best post gets a reply queued for review as loop:discovery; nothing is posted', async () => {
    const h = await world.open(startAppHarness({ config: config({ approval_mode: true }) }));
    const { rob, maria } = seedFreshPosts(h);
    world.llm.script.reply('SQLite plus a tiny worker table goes a long way.');
    const summary = await turn(h);
    const items = (await h.app.deps.content.approvals.list({ status: ['pending'], limit: 10, offset: 0 }))
      .items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor: 'loop:discovery' });
    expect([rob, maria]).toContain(items[0]?.target_tweet_id);
    expect(JSON.stringify(items[0])).toContain('SQLite plus a tiny worker table goes a long way.');
    expect(summary).toMatch(/^"sqlite": \d+ posts, [1-9]\d* above the bar, reply queued$/);
    expect(h.fake.state.tweetsNewestFirst().map((t) => t.text)).not.toContain(
      'SQLite plus a tiny worker table goes a long way.',
    );
    // Every post the search returned is in the Discovery Feed, the off-topic one included when it matched.
    const feed = await h.app.deps.discovery.discovered.byIds([rob ?? '', maria ?? '']);
    expect(feed.map((p) => p.tweet_id).sort()).toEqual([rob, maria].sort());
  });

  it('autopilot without approval: the reply is posted at the platform, and the same post is not answered twice', async () => {
    const h = await world.open(startAppHarness({ config: config({ approval_mode: false }) }));
    seedFreshPosts(h);
    world.llm.script
      .reply('A job table with a lease column is all you need.')
      .reply('Poll less, notify more.');
    const first = await turn(h);
    await h.postNow();
    expect(first).toMatch(/reply posted$/);
    const posted = h.fake.state
      .tweetsNewestFirst()
      .filter((t) => t.text === 'A job table with a lease column is all you need.');
    expect(posted).toHaveLength(1);
    const answered = posted[0]?.inReplyToTweetId;
    // Back to "sqlite" after the other keywords: the answered post is skipped, another one gets the reply.
    await turn(h);
    await turn(h);
    await turn(h);
    await h.postNow();
    const replies = h.fake.state
      .tweetsNewestFirst()
      .filter((t) => t.inReplyToTweetId !== undefined && t.inReplyToTweetId !== null);
    const targets = replies.map((t) => t.inReplyToTweetId);
    expect(new Set(targets).size).toBe(targets.length);
    expect(targets).toContain(answered);
  });

  it('composer: read-only — posts are scored and stored, the LLM is never called, nothing is queued', async () => {
    const h = await world.open(startAppHarness({ config: config({ mode: 'composer' }) }));
    const { rob } = seedFreshPosts(h);
    const summary = await turn(h);
    expect(summary).toMatch(/^"sqlite": \d+ posts, [1-9]\d* above the bar$/);
    expect(world.llm.calls).toHaveLength(0);
    expect(
      (await h.app.deps.content.approvals.list({ status: ['pending'], limit: 10, offset: 0 })).items,
    ).toEqual([]);
    expect(await h.app.deps.discovery.discovered.byIds([rob ?? ''])).toHaveLength(1);
  });

  it('a malformed, a half-filled or an empty search answer: a clear error or nothing found, nothing stored, and the next turn goes on', async () => {
    const h = await world.open(
      startAppHarness({
        config: config({
          mode: 'composer',
          business: { product_keywords: ['sqlite', 'zzz-nobody-says-this'] },
        }),
      }),
    );
    seedFreshPosts(h);
    const stored = () =>
      sqliteOf(h.app.deps.database).sqlite.prepare('select count(*) as n from discovered_tweets').get();
    const path = '/2/tweets/search/recent';
    h.fake.faults.inject({ path, action: { type: 'malformed' } });
    await expect(turn(h)).rejects.toMatchObject({
      code: 'social_api_error',
      message: expect.stringMatching(/malformed response/),
    });
    h.fake.faults.inject({ path, action: { type: 'missingFields' } });
    await expect(turn(h)).rejects.toMatchObject({
      code: 'social_api_error',
      message: expect.stringMatching(/malformed response/),
    });
    expect(stored()).toEqual({ n: 0 });
    // The platform answers fine again: the turns go on over the keywords.
    const summaries = [await turn(h), await turn(h)];
    expect(summaries).toContainEqual(expect.stringMatching(/^"zzz-nobody-says-this": 0 posts/));
    expect(summaries).toContainEqual(expect.stringMatching(/^"sqlite": [1-9]\d* posts/));
    expect((stored() as { n: number }).n).toBeGreaterThan(0);
  });
});
