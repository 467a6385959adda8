// The composite workflow tools through the in-memory MCP client, against the fake platform, the fake LLM and
// real SQLite: drafts from the model, proposals into the approval queue past the guards, the policy engine's
// verdicts (blocked, dry run, hourly cap, composer routing), thread plans.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { discoveryConfig, pending, seedFreshPosts } from './discovery-fixtures.js';

let llm: FakeLlm;
let h: McpHarness;

beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => llm.close());
afterEach(async () => {
  await h?.close();
  llm.reset();
});

const config = (extra: ConfigInput = {}) => discoveryConfig(llm.openaiBaseUrl, extra);

describe('composite workflow', () => {
  beforeEach(async () => {
    h = await startMcpHarness({ config: config() });
  });

  it('drafts come from the model, for stored posts and posts fetched from the platform', async () => {
    const posts = seedFreshPosts(h);
    await h.call('find_reply_opportunities', { query: 'job queue' });
    llm.script.reply('"WAL mode plus a busy timeout goes a long way."');
    llm.script.reply('Polling every second is fine until it is not.');
    const drafted = await h.call('draft_replies_for_candidates', {
      tweet_ids: [posts.rob, posts.rob2, '9999999'],
    });
    expect(drafted.success).toBe(true);
    expect(drafted.data.drafts).toEqual([
      expect.objectContaining({
        tweet_id: posts.rob,
        author_username: 'rust_rob',
        text: 'WAL mode plus a busy timeout goes a long way.',
        weighted_length: 45,
        flags: [],
        ready_to_queue: true,
      }),
      expect.objectContaining({
        tweet_id: posts.rob2,
        text: 'Polling every second is fine until it is not.',
        ready_to_queue: true,
      }),
    ]);
    expect(drafted.data.failed).toEqual([
      expect.objectContaining({ tweet_id: '9999999', code: 'not_found' }),
    ]);
    expect(llm.calls[0]?.messages.at(-1)?.content).toBe(
      'Post by @rust_rob: Anyone running a job queue on SQLite with TypeScript?',
    );
    // The post fetched by id is in the Discovery Feed now.
    const feed = await h.call('get_discovery_feed', { min_score: 0, limit: 100 });
    expect(feed.data.map((i: { id: string }) => i.id)).toContain(posts.rob2);
    // Nothing was posted or queued.
    expect(await pending(h)).toEqual([]);
    expect(h.fake.requests.some((r) => r.method === 'POST' && r.path === '/2/tweets')).toBe(false);
  });

  it('a draft that keeps a banned phrase is flagged, not ready to queue', async () => {
    const posts = seedFreshPosts(h);
    llm.script.reply('You should try Queuebird for that.', { times: 2 });
    const drafted = await h.call('draft_replies_for_candidates', { tweet_ids: [posts.maria] });
    expect(drafted.data.drafts[0]).toMatchObject({
      flags: ['contains_banned_phrase: you should try'],
      ready_to_queue: false,
      guard: { rule: 'banned_phrase' },
    });
    expect(llm.calls[1]?.system).toContain('Never use the phrase "you should try"');
  });

  it('propose queues replies for review; a second one to the same post is skipped as a duplicate', async () => {
    const posts = seedFreshPosts(h);
    const first = await h.call('propose_and_queue_replies', {
      drafts: [{ tweet_id: posts.rob, text: 'WAL mode plus a busy timeout goes a long way.' }],
    });
    expect(first.success).toBe(true);
    expect(first.meta?.policy_decision).toBe('allowed');
    expect(first.data.skipped).toEqual([]);
    const [queued] = first.data.queued;
    expect(queued).toEqual({ tweet_id: posts.rob, approval_queue_id: expect.any(Number) });
    const item = await h.app.deps.content.approvals.get(queued.approval_queue_id);
    expect(item).toMatchObject({
      action_type: 'reply',
      status: 'pending',
      origin: 'mcp',
      content: 'WAL mode plus a busy timeout goes a long way.',
      target_tweet_id: posts.rob,
      target_author_id: '1012',
      target_author_username: 'rust_rob',
    });
    expect(await h.app.deps.content.approvals.payload(queued.approval_queue_id)).toMatchObject({
      cards: [{ text: 'WAL mode plus a busy timeout goes a long way.', media_paths: [] }],
      in_reply_to_tweet_id: posts.rob,
    });

    const second = await h.call('propose_and_queue_replies', {
      drafts: [{ tweet_id: posts.rob, text: 'Another angle: use a separate queue table.' }],
    });
    expect(second.success).toBe(true);
    expect(second.data.queued).toEqual([]);
    expect(second.data.skipped).toEqual([
      { tweet_id: posts.rob, code: 'duplicate_reply', reason: `already replied to post ${posts.rob}` },
    ]);
    expect(await pending(h)).toHaveLength(1);
    // The feed and recommendations see the queued reply.
    const recommendation = await h.call('recommend_engagement_action', { tweet_id: posts.rob });
    expect(recommendation.data).toMatchObject({ action: 'skip', guards: { rule: 'duplicate_reply' } });
  });

  it('each draft meets the guards: per-author cap within one batch, banned phrases, self replies, unknown posts', async () => {
    const posts = seedFreshPosts(h);
    const own = h.fake.state.seed({
      tweets: [{ author_id: '1000', text: 'SQLite all the things', minutes_ago: 1 }],
    }).tweets[0];
    const result = await h.call('propose_and_queue_replies', {
      drafts: [
        { tweet_id: posts.rob, text: 'Yes, with a busy timeout of five seconds.' },
        { tweet_id: posts.rob2, text: 'One poller per process keeps it calm.' },
        { tweet_id: posts.maria, text: 'Check out our docs on WAL.' },
        { tweet_id: own, text: 'Replying to myself.' },
        { tweet_id: '9999999', text: 'Hello?' },
      ],
    });
    expect(result.data.queued.map((q: { tweet_id: string }) => q.tweet_id)).toEqual([posts.rob]);
    expect(result.data.skipped.map((s: { tweet_id: string; code: string }) => [s.tweet_id, s.code])).toEqual([
      [posts.rob2, 'author_cap'],
      [posts.maria, 'banned_phrase'],
      [own, 'self_reply'],
      ['9999999', 'not_found'],
    ]);
  });

  it('a draft over 280 weighted characters fails the whole call before anything is queued', async () => {
    const posts = seedFreshPosts(h);
    const result = await h.call('propose_and_queue_replies', {
      drafts: [
        { tweet_id: posts.rob, text: 'fine' },
        { tweet_id: posts.maria, text: '🙂'.repeat(141) },
      ],
    });
    expect(result.error).toMatchObject({ code: 'tweet_too_long', retryable: false });
    expect(await pending(h)).toEqual([]);
  });

  it('generate_thread_plan returns a hook and cards through the thread generator', async () => {
    llm.script.reply(
      'SQLite is enough for most queues.\n---\nWAL mode lets readers and a writer coexist.\n---\nStart simple; move when it hurts.',
    );
    const plan = await h.call('generate_thread_plan', {
      topic: 'SQLite as a job queue',
      target_tweets: 3,
      target_audience: 'indie developers',
    });
    expect(plan.success).toBe(true);
    expect(plan.data).toEqual({
      topic: 'SQLite as a job queue',
      hook: 'SQLite is enough for most queues.',
      tweets: [
        { position: 1, role: 'hook', text: 'SQLite is enough for most queues.', weighted_length: 33 },
        {
          position: 2,
          role: 'body',
          text: 'WAL mode lets readers and a writer coexist.',
          weighted_length: 43,
        },
        { position: 3, role: 'closing', text: 'Start simple; move when it hurts.', weighted_length: 33 },
      ],
      tweet_count: 3,
      target_tweets: 3,
      flags: [],
    });
    expect(llm.calls[0]?.messages.at(-1)?.content).toBe(
      'Write a thread about: SQLite as a job queue (for indie developers)',
    );
    // The wished length is a rule of the system prompt, not a wish in the topic.
    expect(llm.calls[0]?.system).toContain('Write a thread of exactly 3 posts');
    llm.script.reply('Only one\n---\nTwo here');
    const short = await h.call('generate_thread_plan', { topic: 'queues', target_tweets: 4 });
    expect(short.data.flags).toEqual(['tweet_count_differs_from_target']);
  });
});

describe('policy', () => {
  it('a blocked propose_and_queue_replies is denied and queues nothing', async () => {
    h = await startMcpHarness({
      config: config({ mcp_policy: { blocked_tools: ['propose_and_queue_replies'] } }),
    });
    const posts = seedFreshPosts(h);
    const result = await h.call('propose_and_queue_replies', {
      drafts: [{ tweet_id: posts.rob, text: 'Hi' }],
    });
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({ code: 'policy_denied_blocked', policy_decision: 'denied' });
    expect(await pending(h)).toEqual([]);
  });

  it('dry run answers the dry-run payload and queues nothing', async () => {
    h = await startMcpHarness({ config: config({ mcp_policy: { dry_run_mutations: true } }) });
    const posts = seedFreshPosts(h);
    const drafts = [{ tweet_id: posts.rob, text: 'Hi there' }];
    const result = await h.call('propose_and_queue_replies', { drafts });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      dry_run: true,
      would_execute: 'propose_and_queue_replies',
      params: JSON.stringify({ drafts }),
    });
    expect(result.meta?.policy_decision).toBe('dry_run');
    expect(await pending(h)).toEqual([]);
  });

  it('a proposal that queued something counts against the hourly mutation cap', async () => {
    h = await startMcpHarness({ config: config({ mcp_policy: { max_mutations_per_hour: 1 } }) });
    const posts = seedFreshPosts(h);
    expect(
      (await h.call('propose_and_queue_replies', { drafts: [{ tweet_id: posts.rob, text: 'Hi' }] })).success,
    ).toBe(true);
    const capped = await h.call('propose_and_queue_replies', {
      drafts: [{ tweet_id: posts.maria, text: 'Hello' }],
    });
    expect(capped.error).toMatchObject({ code: 'policy_denied_rate_limited', policy_decision: 'denied' });
    expect(capped.error?.rate_limit_reset).toBeDefined();
    expect(await pending(h)).toHaveLength(1);
  });

  it('in composer mode proposals still land in the approval queue, marked as routed', async () => {
    h = await startMcpHarness({ config: config({ mode: 'composer' }) });
    const posts = seedFreshPosts(h);
    const result = await h.call('propose_and_queue_replies', {
      drafts: [{ tweet_id: posts.rob, text: 'Hi there' }],
    });
    expect(result.meta?.policy_decision).toBe('routed_to_approval');
    expect(result.data.queued).toHaveLength(1);
    expect(await pending(h)).toHaveLength(1);
  });
});
