// The target monitoring loop against the fake platform, the fake LLM and real SQLite: the best fresh post of
// each watched account answered as loop:targets (queued for review in approval mode, posted otherwise), the
// account's own posts, retweets and day-old posts never; the per-day target cap counted in the account's
// timezone; a since-id per target kept across a restart; a gone, suspended or unreadable target reported
// while the others are answered; and the loop left out of composer mode.
import { describe, expect, it } from 'vitest';
import { SERVICE_LOOPS } from '../../src/automation/loops/index.js';
import { targetsLoop } from '../../src/automation/loops/targets.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { addRetweet } from '../../src/infra/sandbox/social/factory.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { loopWorld } from './loop-world.js';

const DAY = 86_400_000;
const world = loopWorld();

const config = (extra: ConfigInput = {}): ConfigInput => ({
  approval_mode: true,
  business: { product_name: 'Queuebird', product_keywords: ['sqlite'] },
  llm: { provider: 'openai', api_key: 'k', base_url: world.llm.openaiBaseUrl },
  limits: { max_replies_per_day: 20, max_replies_per_author_per_day: 5 },
  schedule: { active_hours_start: 0, active_hours_end: 0 },
  ...extra,
});

/** A harness two days after the demo world's posts, so only posts seeded here are fresh. */
async function start(extra: ConfigInput, home?: AppHarness['home']) {
  const harness = await startAppHarness({
    config: config(extra),
    loginSeconds: (30 * DAY) / 1000,
    ...(home ? { home } : {}),
  });
  harness.clock.advance(2 * DAY);
  return harness;
}

const turn = (harness: AppHarness) =>
  targetsLoop.run(harness.app.deps.forLoops, { signal: new AbortController().signal });
const pending = async (harness: AppHarness) =>
  (await harness.app.deps.content.approvals.list({ status: ['pending'], limit: 50, offset: 0 })).items;
const timelineReads = (harness: AppHarness, userId: string) =>
  harness.fake.requests.filter((r) => r.path === `/2/users/${userId}/tweets`);

function user(harness: AppHarness, username: string, extra: { id?: string; suspended?: boolean } = {}) {
  return harness.fake.state.seed({ users: [{ username, followers_count: 4000, ...extra }] })
    .users[0] as string;
}

function post(harness: AppHarness, author: string, text: string, minutesAgo: number, id?: string): string {
  return harness.fake.state.seed({
    tweets: [{ author_username: author, text, minutes_ago: minutesAgo, ...(id ? { id } : {}) }],
  }).tweets[0] as string;
}

describe('target monitoring loop', () => {
  it('approval mode: the best fresh post of each target is queued for review as loop:targets; nothing reaches the platform', async () => {
    const h = await world.open(
      start({ targets: { accounts: ['@Ada_Builds', 'ben_ships', 'ada_builds', 'app_owner'] } }),
    );
    const adaId = user(h, 'ada_builds');
    user(h, 'ben_ships');
    const adaOld = post(h, 'ada_builds', 'sqlite tips from last week', 26 * 60);
    const adaBest = post(h, 'ada_builds', 'How do you run a job queue on sqlite without a broker?', 30);
    const adaOther = post(h, 'ada_builds', 'lunch', 20);
    const ben = post(h, 'ben_ships', 'Shipping a sqlite backed queue today', 10);
    post(h, 'app_owner', 'our own sqlite post', 5);
    const source = h.fake.state.tweets.get(ben);
    const retweet = source && addRetweet(h.fake.state, adaId, source, h.fake.state.now() - 60_000);
    world.llm.script.reply('A lease column and a poll loop go far.').reply('Nice, what about retries?');

    expect(await turn(h)).toBe('3 targets, 3 new posts, 2 replies queued');
    const items = await pending(h);
    expect(items.map((i) => [i.target_tweet_id, i.actor]).sort()).toEqual(
      [
        [adaBest, 'loop:targets'],
        [ben, 'loop:targets'],
      ].sort(),
    );
    expect(h.fake.requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets')).toEqual([]);
    // First sight reads only the newest posts: no since-id, the smallest page.
    expect(timelineReads(h, adaId).map((r) => [r.query.since_id, r.query.max_results])).toEqual([
      [undefined, '5'],
    ]);
    // Fresh posts are in the Discovery Feed as found by target monitoring; the day-old one is not.
    const feed = await h.app.deps.discovery.discovered.byIds([adaBest, adaOther, ben, adaOld]);
    expect(feed.map((p) => [p.tweet_id, p.source]).sort()).toEqual(
      [
        [adaBest, 'target'],
        [adaOther, 'target'],
        [ben, 'target'],
      ].sort(),
    );
    const stored = await h.app.deps.discovery.targets.list();
    expect(stored.find((t) => t.username.toLowerCase() === 'ada_builds')).toMatchObject({
      user_id: adaId,
      followers: 4000,
      total_replies: 1,
      last_checked_at: new Date(h.clock.now()).toISOString(),
      last_reply_at: new Date(h.clock.now()).toISOString(),
    });
    // The account's own handle is watched like any other, and never answered.
    expect(stored.find((t) => t.username === 'app_owner')).toMatchObject({ total_replies: 0 });

    expect(await turn(h)).toBe('3 targets, no new posts');
    expect(world.llm.calls).toHaveLength(2);
    // Ada's since-id is the newest post of her page, her retweet.
    expect(timelineReads(h, adaId).at(-1)?.query.since_id).toBe(retweet?.id);
  });

  it('direct: the reply is posted at the platform as loop:targets, once', async () => {
    const h = await world.open(start({ approval_mode: false, targets: { accounts: ['ada_builds'] } }));
    user(h, 'ada_builds');
    const ada = post(h, 'ada_builds', 'Anyone running background jobs on sqlite?', 15);
    world.llm.script.reply('We do: one table, one lease column.');
    expect(await turn(h)).toBe('1 target, 1 new post, 1 reply posted');
    await h.postNow();
    const replies = h.fake.state.tweetsNewestFirst().filter((t) => t.inReplyToTweetId === ada);
    expect(replies.map((t) => t.text)).toEqual(['We do: one table, one lease column.']);
    expect(await pending(h)).toEqual([]);
    const audit = sqliteOf(h.app.deps.database)
      .sqlite.prepare("select actor from posts where kind = 'reply' and in_reply_to_tweet_id = ?")
      .all(ada);
    expect(audit).toEqual([{ actor: 'loop:targets' }]);
    expect(await turn(h)).toBe('1 target, no new posts');
    await h.postNow();
    expect(h.fake.state.tweetsNewestFirst().filter((t) => t.inReplyToTweetId === ada)).toHaveLength(1);
  });

  it('the target cap holds per calendar day in the account timezone, across targets, turns and a restart', async () => {
    const settings = {
      targets: { accounts: ['ada_builds', 'ben_ships', 'cy_codes'], max_target_replies_per_day: 2 },
      schedule: { timezone: 'America/New_York', active_hours_start: 0, active_hours_end: 0 },
    };
    const people = (harness: AppHarness) => {
      for (const [i, name] of ['ada_builds', 'ben_ships', 'cy_codes'].entries())
        user(harness, name, { id: `800${i}` });
    };
    let h = await world.open(start(settings));
    // 2026-11-24T12:00Z is 07:00 in New York.
    people(h);
    post(h, 'ada_builds', 'sqlite queue question one', 30);
    post(h, 'ben_ships', 'sqlite queue question two', 20);
    post(h, 'cy_codes', 'sqlite queue question three', 10);
    for (const text of ['First answer here.', 'Second answer there.', 'Third one, new day.'])
      world.llm.script.reply(text);
    expect(await turn(h)).toBe(
      '3 targets, 3 new posts, 2 replies queued, 1 not answered (daily target cap of 2 reached)',
    );
    expect(await pending(h)).toHaveLength(2);
    const home = h.home;
    await h.app.close();
    await h.fake.close();

    // After a restart, 02:00 UTC the next day is still 21:00 of the same day in New York: the cap holds.
    h = await world.open(start(settings, home));
    h.clock.set(Date.parse('2026-11-25T02:00:00.000Z'));
    people(h);
    const late = post(h, 'cy_codes', 'sqlite late night thought', 5);
    expect(await turn(h)).toBe('3 targets, 1 new post, 1 not answered (daily target cap of 2 reached)');
    expect(world.llm.calls).toHaveLength(2);

    // Past local midnight the next day's replies may go.
    h.clock.set(Date.parse('2026-11-25T05:30:00.000Z'));
    const morning = post(h, 'ben_ships', 'sqlite early bird', 5);
    expect(await turn(h)).toBe('3 targets, 1 new post, 1 reply queued');
    expect((await pending(h)).map((i) => i.target_tweet_id)).toContain(morning);
    expect((await pending(h)).map((i) => i.target_tweet_id)).not.toContain(late);
    home.cleanup();
  });

  it('keeps a since-id per target across a restart, and resolves each handle once', async () => {
    const accounts = { targets: { accounts: ['ada_builds', 'ben_ships'] } };
    let h = await world.open(start(accounts));
    user(h, 'ada_builds', { id: '7001' });
    user(h, 'ben_ships', { id: '7002' });
    const adaFirst = post(h, 'ada_builds', 'sqlite first', 30);
    const benFirst = post(h, 'ben_ships', 'sqlite ben first', 20);
    world.llm.script.reply('Reply to Ada one.').reply('Reply to Ben one.');
    expect(await turn(h)).toBe('2 targets, 2 new posts, 2 replies queued');
    const home = h.home;
    await h.app.close();
    await h.fake.close();

    // The platform still has both posts; one more from Ada arrives later.
    h = await world.open(start(accounts, home));
    h.clock.advance(60 * 60_000);
    user(h, 'ada_builds', { id: '7001' });
    user(h, 'ben_ships', { id: '7002' });
    post(h, 'ada_builds', 'sqlite first', 90, adaFirst);
    post(h, 'ben_ships', 'sqlite ben first', 80, benFirst);
    const adaSecond = post(h, 'ada_builds', 'sqlite second, with a question?', 5);
    world.llm.script.reply('Reply to Ada two.');
    expect(await turn(h)).toBe('2 targets, 1 new post, 1 reply queued');
    expect(timelineReads(h, '7001').map((r) => r.query.since_id)).toEqual([adaFirst]);
    expect(timelineReads(h, '7002').map((r) => r.query.since_id)).toEqual([benFirst]);
    expect(h.fake.requests.filter((r) => r.path.startsWith('/2/users/by/username/'))).toEqual([]);
    expect((await pending(h)).map((i) => i.target_tweet_id).sort()).toEqual(
      [adaFirst, benFirst, adaSecond].sort(),
    );
    home.cleanup();
  });

  it('a deleted, a missing, a suspended and an unreadable target are reported; the others are answered', async () => {
    const h = await world.open(
      start({
        targets: {
          accounts: ['ada_builds', 'ghost_handle', 'gone_dark', 'renamed_ren', 'bad_page', 'quiet_quinn'],
        },
      }),
    );
    user(h, 'ada_builds');
    user(h, 'gone_dark', { suspended: true });
    const ren = user(h, 'renamed_ren');
    const bad = user(h, 'bad_page');
    user(h, 'quiet_quinn');
    post(h, 'renamed_ren', 'sqlite before I left', 50);
    world.llm.script.reply('Good luck with the move.');
    expect(await turn(h)).toBe(
      '6 targets, 1 new post, 1 reply queued; @ghost_handle not found; @gone_dark suspended',
    );

    // Ren's account goes away after being resolved; Bad's next page is garbage; Ada posts.
    h.fake.state.users.delete(ren);
    h.fake.faults.inject({ path: `/2/users/${bad}/tweets`, action: h.fake.faults.presets.malformed() });
    const ada = post(h, 'ada_builds', 'sqlite at scale?', 5);
    world.llm.script.reply('It scales further than people think.');
    expect(await turn(h)).toBe(
      '6 targets, 1 new post, 1 reply queued; @ghost_handle not found; @gone_dark suspended; @renamed_ren not found; @bad_page unreadable',
    );
    expect((await pending(h)).map((i) => i.target_tweet_id)).toContain(ada);
    // The gone account's id is forgotten: its handle is looked up again next time.
    const stored = await h.app.deps.discovery.targets.list();
    expect(stored.find((t) => t.username === 'renamed_ren')?.user_id).toBeNull();
    expect(stored.find((t) => t.username === 'bad_page')?.user_id).toBe(bad);

    expect(await turn(h)).toBe(
      '6 targets, no new posts; @ghost_handle not found; @gone_dark suspended; @renamed_ren not found',
    );
  });

  it('the LLM failing fails the turn; the post is answered on the next turn', async () => {
    const h = await world.open(start({ targets: { accounts: ['ada_builds'] } }));
    user(h, 'ada_builds');
    const ada = post(h, 'ada_builds', 'is sqlite enough for a queue?', 5);
    world.llm.script.fail({ status: 500, times: 10 });
    await expect(turn(h)).rejects.toMatchObject({ code: 'llm_error' });
    world.llm.reset();
    world.llm.script.reply('For most apps, yes.');
    expect(await turn(h)).toBe('1 target, 1 new post, 1 reply queued');
    expect((await pending(h)).map((i) => i.target_tweet_id)).toEqual([ada]);
  });

  it('no accounts to watch: the turn does nothing and says so', async () => {
    const h = await world.open(start({}));
    const before = h.fake.requests.length;
    expect(await turn(h)).toBe('no target accounts (set [targets] accounts)');
    expect(h.fake.requests.length).toBe(before);
  });

  it('runs in autopilot only, on the mentions interval, with jitter and active hours, as a service loop', async () => {
    const h = await world.open(start({ intervals: { mentions_check_seconds: 420 } }));
    expect(targetsLoop.modes).toEqual(['autopilot']);
    expect(targetsLoop.intervalMs(h.app.deps.forLoops)).toBe(420_000);
    expect(targetsLoop).toMatchObject({ name: 'targets', jitter: true, activeHours: true });
    expect(SERVICE_LOOPS).toContain(targetsLoop);
  });
});
