// Account-wide pacing: autonomous platform writes (an agent's posts and engagements, a loop's posts) of one
// account are at least the configured gap apart, kept in the database; a person's posts never wait; a post
// made outside active hours is held until they open, not refused. One app on a standing clock, driven over
// HTTP by a person and through the tool server by an agent, against the fake platform.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { addTweet } from '../../src/infra/sandbox/social/factory.js';
import { connectTools, type ToolClient } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

let h: HttpHarness | undefined;
let tools: ToolClient | undefined;
afterEach(async () => {
  await tools?.close();
  await h?.close();
  h = undefined;
  tools = undefined;
});

const OWN = '1000';
const GAP = 90;
// Noon UTC (the harness's default instant): inside 08:00–22:00 every day.
const paced: ConfigInput = {
  approval_mode: false,
  mcp_policy: { require_approval_for: [], max_mutations_per_hour: 100 },
  limits: { min_action_delay_seconds: GAP, max_action_delay_seconds: GAP },
  schedule: {
    timezone: 'UTC',
    active_hours_start: 8,
    active_hours_end: 22,
    active_days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
};

const ownPosts = (harness: HttpHarness, prefix: string) =>
  [...harness.fake.state.tweets.values()]
    .filter((t) => t.authorId === OWN && t.text.startsWith(prefix))
    .sort((a, b) => a.createdAt - b.createdAt);

describe('account-wide pacing', () => {
  it("an agent's second post waits its turn (pending, saying when) and goes a gap later; a person's post never waits", async () => {
    h = await startHttpHarness(paced);
    tools = await connectTools(h.app, 'write');
    const first = await tools.call('social_post_tweet', { text: 'agent one' });
    expect(first.success, JSON.stringify(first.error)).toBe(true);
    const opened = h.clock.now();
    const second = await tools.call('social_post_tweet', { text: 'agent two' });
    expect(second.success, JSON.stringify(second.error)).toBe(true);
    const due = new Date(opened + GAP * 1000).toISOString();
    expect(second.data).toMatchObject({ posted: false, queued: true });
    expect(String((second.data as { reason: string }).reason)).toContain(
      `paced: the account's next automated action may go at ${due}`,
    );
    expect(ownPosts(h, 'agent')).toHaveLength(1);

    // A person's post at the same instant goes at once.
    const mine = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'my own post',
    });
    expect(mine.status, JSON.stringify(mine.json)).toBe(202);
    await h.postNow();
    expect(ownPosts(h, 'my own post')).toHaveLength(1);
    expect(ownPosts(h, 'agent')).toHaveLength(1);

    // One second early: still held. At the gap: out, exactly once.
    h.clock.advance(GAP * 1000 - 1000);
    await h.postNow();
    expect(ownPosts(h, 'agent')).toHaveLength(1);
    h.clock.advance(1000);
    await h.postNow();
    const agent = ownPosts(h, 'agent');
    expect(agent.map((t) => t.text)).toEqual(['agent one', 'agent two']);
    expect((agent[1]?.createdAt ?? 0) - (agent[0]?.createdAt ?? 0)).toBeGreaterThanOrEqual(GAP * 1000);
  });

  it("an agent's like too early is refused with the time it may go (policy_denied_rate_limited); undoing is not paced", async () => {
    h = await startHttpHarness(paced);
    const a = addTweet(h.fake.state, { authorId: '1001', text: 'first to like' });
    const b = addTweet(h.fake.state, { authorId: '1001', text: 'second to like' });
    const seeded = new Set(h.fake.state.likes.of(OWN));
    const mine = () => h?.fake.state.likes.of(OWN).filter((id) => !seeded.has(id));
    tools = await connectTools(h.app, 'write');
    const liked = await tools.call('social_like_tweet', { tweet_id: a.id });
    expect(liked.success, JSON.stringify(liked.error)).toBe(true);
    const early = await tools.call('social_like_tweet', { tweet_id: b.id });
    expect(early.error).toMatchObject({
      code: 'policy_denied_rate_limited',
      policy_decision: 'denied',
      rate_limit_reset: new Date(h.clock.now() + GAP * 1000).toISOString(),
    });
    expect(mine()).toEqual([a.id]);
    // Unliking is not an action anyone sees: it does not wait.
    expect((await tools.call('social_unlike_tweet', { tweet_id: a.id })).success).toBe(true);
    h.clock.advance(GAP * 1000);
    expect((await tools.call('social_like_tweet', { tweet_id: b.id })).success).toBe(true);
    expect(mine()).toEqual([b.id]);
  });

  it('after a clock jump the waiting posts go one by one, a gap apart, never in a burst', async () => {
    h = await startHttpHarness(paced);
    tools = await connectTools(h.app, 'write');
    for (const n of [1, 2, 3, 4]) {
      const r = await tools.call('social_post_tweet', { text: `queued ${n}` });
      expect(r.success, JSON.stringify(r.error)).toBe(true);
    }
    expect(ownPosts(h, 'queued')).toHaveLength(1);
    // The machine slept for two hours: every held post is long due.
    h.clock.advance(2 * 3_600_000);
    await h.postNow();
    await h.postNow();
    expect(ownPosts(h, 'queued')).toHaveLength(2);
    for (const _ of [3, 4]) {
      h.clock.advance(GAP * 1000);
      await h.postNow();
    }
    const times = ownPosts(h, 'queued').map((t) => t.createdAt);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(GAP * 1000);
    }
  });
});

describe('held, not refused, outside active hours', () => {
  // 23:30: the window opens at 08:00, 8.5 hours later.
  const night = '2026-11-22T23:30:00.000Z';
  const opens = '2026-11-23T08:00:00.000Z';

  it("an agent's post at night is held until the window opens (the envelope says when), then posted", async () => {
    h = await startHttpHarness(paced, { start: night });
    tools = await connectTools(h.app, 'write');
    const r = await tools.call('social_post_tweet', { text: 'night thought' });
    expect(r.success, JSON.stringify(r.error)).toBe(true);
    expect(r.data).toMatchObject({ posted: false, queued: true });
    expect(String((r.data as { reason: string }).reason)).toContain(
      `held until the active hours open at ${opens}`,
    );
    expect(ownPosts(h, 'night')).toHaveLength(0);
    h.clock.advance(Date.parse(opens) - h.clock.now() - 60_000);
    await h.postNow();
    expect(ownPosts(h, 'night')).toHaveLength(0);
    h.clock.advance(60_000);
    await h.postNow();
    expect(ownPosts(h, 'night')).toHaveLength(1);
  });

  it('routed to approval at night, the item says when it will go out', async () => {
    h = await startHttpHarness(
      {
        ...paced,
        mcp_policy: { require_approval_for: ['social_post_tweet'], max_mutations_per_hour: 100 },
      },
      { start: night },
    );
    tools = await connectTools(h.app, 'write');
    const r = await tools.call('social_post_tweet', { text: 'night idea for review' });
    expect(r.data).toMatchObject({ routed_to_approval: true });
    const queue = await h.api('GET', '/api/approval?status=pending');
    const item = (queue.json.items as Array<{ reason: string }>)[0];
    expect(item?.reason).toContain(`once approved it goes out when they open at ${opens}`);
  });

  it('the caps still refuse what would exceed them', async () => {
    h = await startHttpHarness(
      { ...paced, limits: { ...paced.limits, max_tweets_per_day: 1 } },
      { start: night },
    );
    tools = await connectTools(h.app, 'write');
    const first = await tools.call('social_post_tweet', { text: 'held one' });
    expect(first.success).toBe(true);
    const second = await tools.call('social_post_tweet', { text: 'one too many' });
    expect(second.error).toMatchObject({ code: 'policy_denied_hard_rule' });
    expect(second.error?.message).toContain('daily post cap reached');
  });
});
