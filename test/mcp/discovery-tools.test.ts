// The discovery and context tools through the in-memory MCP client, against the fake platform, the fake LLM
// and real SQLite: registration, find → Discovery Feed, target accounts, author context, recommendations,
// topic performance, and the errors every tool shares (no LLM, malformed input).
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { discoveryConfig, pending, seedFreshPosts } from './discovery-fixtures.js';

const DISCOVERY_OPERATIONS = [
  'list_target_accounts',
  'list_unreplied_tweets',
  'get_discovery_feed',
  'get_author_context',
  'recommend_engagement_action',
  'topic_performance_snapshot',
  'find_reply_opportunities',
  'draft_replies_for_candidates',
  'propose_and_queue_replies',
  'generate_thread_plan',
];

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

interface CatalogEntry {
  name: string;
  category: string;
  mutation: boolean;
  profiles: string[];
}
const CATALOG = JSON.parse(
  readFileSync(new URL('../fixtures/tool-catalog.json', import.meta.url), 'utf8'),
) as CatalogEntry[];

describe('registration', () => {
  it('category, mutation flag and profiles match the reference catalog', () => {
    for (const name of DISCOVERY_OPERATIONS) {
      const entry = CATALOG.find((tool) => tool.name === name);
      const op = profileTools('write').find((tool) => tool.tool.name === name);
      expect(op, name).toBeDefined();
      expect({ category: op?.tool.category, mutation: op?.mutation, profiles: op?.tool.profiles }).toEqual({
        category: entry?.category,
        mutation: entry?.mutation,
        profiles: entry?.profiles,
      });
    }
  });

  it('write and admin register the 10 tools with their required parameters; readonly none', async () => {
    h = await startMcpHarness({ profile: 'admin', config: config() });
    const { tools } = await h.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of DISCOVERY_OPERATIONS) expect(byName.has(name), name).toBe(true);
    expect(byName.get('get_author_context')?.inputSchema.required).toEqual(['author_id']);
    expect(byName.get('recommend_engagement_action')?.inputSchema.required).toEqual(['tweet_id']);
    expect(byName.get('draft_replies_for_candidates')?.inputSchema.required).toEqual(['tweet_ids']);
    expect(byName.get('propose_and_queue_replies')?.inputSchema.required).toEqual(['drafts']);
    // Hints equal to the MCP defaults are left out of the listing: absent readOnlyHint means false.
    expect(byName.get('propose_and_queue_replies')?.annotations?.readOnlyHint ?? false).toBe(false);
    expect(byName.get('generate_thread_plan')?.inputSchema.required).toEqual(['topic']);
    expect(Object.keys(byName.get('find_reply_opportunities')?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['query', 'min_score', 'limit']),
    );
    await h.close();
    h = await startMcpHarness({ profile: 'readonly', config: config() });
    const readonly = (await h.client.listTools()).tools.map((tool) => tool.name);
    expect(readonly.filter((name) => DISCOVERY_OPERATIONS.includes(name))).toEqual([]);
  });
});

describe('discovery', () => {
  beforeEach(async () => {
    h = await startMcpHarness({ config: config() });
  });

  it('find_reply_opportunities searches with the keywords, ranks by score, and the feed shows what it stored', async () => {
    const posts = seedFreshPosts(h);
    const found = await h.call('find_reply_opportunities', { limit: 5 });
    expect(found.success).toBe(true);
    expect(found.data.query).toBe('(sqlite OR typescript OR "job queue") -is:retweet');
    const search = h.fake.requests.find((r) => r.path === '/2/tweets/search/recent');
    expect(search?.query.query).toBe('(sqlite OR typescript OR "job queue") -is:retweet');

    const ids = found.data.candidates.map((c: { tweet_id: string }) => c.tweet_id);
    expect(ids).toContain(posts.rob);
    expect(ids).not.toContain(posts.offTopic);
    const scores = found.data.candidates.map((c: { score: { total: number } }) => c.score.total);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(60);
    const rob = found.data.candidates.find((c: { tweet_id: string }) => c.tweet_id === posts.rob);
    expect(rob).toMatchObject({
      author_username: 'rust_rob',
      author_followers: 2100,
      text: 'Anyone running a job queue on SQLite with TypeScript?',
      score: {
        threshold: 60,
        meets_threshold: true,
        matched_keywords: ['sqlite', 'typescript', 'job queue'],
        signals: {
          keyword_relevance: { score: 25, max: 25 },
          follower: { score: 15 },
          content_type: { score: 10 },
        },
      },
    });
    expect(rob.score.summary).toMatch(/^Score: \d+\/100 \[kw:25 fol:15 .*\] REPLY$/);
    // The account's own posts never show up as opportunities.
    expect(
      found.data.candidates.every((c: { author_username: string }) => c.author_username !== 'app_owner'),
    ).toBe(true);

    const feed = await h.call('get_discovery_feed', { min_score: 0, limit: 100 });
    expect(feed.success).toBe(true);
    expect(feed.data).toHaveLength(found.data.stored);
    const item = feed.data.find((i: { id: string }) => i.id === posts.rob);
    expect(item).toEqual({
      id: posts.rob,
      author_id: '1012',
      author_username: 'rust_rob',
      content: 'Anyone running a job queue on SQLite with TypeScript?',
      like_count: 0,
      retweet_count: 0,
      reply_count: 0,
      impression_count: expect.any(Number),
      relevance_score: rob.score.total,
      matched_keyword: 'sqlite',
      discovered_at: '2026-11-22T12:00:00.000Z',
      replied_to: false,
    });
    // Defaults: 10 items at score 50 or more.
    const defaults = await h.call('get_discovery_feed');
    expect(defaults.data.length).toBeLessThanOrEqual(10);
    for (const entry of defaults.data) expect(entry.relevance_score).toBeGreaterThanOrEqual(50);
    const unreplied = await h.call('list_unreplied_tweets', { min_score: 60 });
    expect(unreplied.data.map((i: { id: string }) => i.id)).toEqual(ids);
  });

  it('find_reply_opportunities takes a query and min_score; a query-less call with no keywords is refused', async () => {
    const posts = seedFreshPosts(h);
    const found = await h.call('find_reply_opportunities', { query: 'kerning', min_score: 0 });
    expect(found.data.candidates.map((c: { tweet_id: string }) => c.tweet_id)).toEqual([posts.offTopic]);
    expect(found.data.min_score).toBe(0);
    await h.close();
    h = await startMcpHarness({ config: config({ business: { product_name: 'Queuebird' } }) });
    const refused = await h.call('find_reply_opportunities', {});
    expect(refused.error).toMatchObject({ code: 'validation_error' });
    expect(refused.error?.message).toMatch(/product_keywords/);
  });

  it('a broken database answers db_error, not an internal error', async () => {
    sqliteOf(h.app.deps.database).sqlite.exec('drop table discovered_tweets');
    const feed = await h.call('get_discovery_feed');
    expect(feed.error).toMatchObject({ code: 'db_error', retryable: true });
  });

  it('list_target_accounts merges [targets].accounts with stored target accounts', async () => {
    sqliteOf(h.app.deps.database)
      .sqlite.prepare(
        `insert into target_accounts (username, user_id, followers, total_replies, added_at)
         values ('sam_codes', '1002', 3400, 2, '2026-11-01T00:00:00.000Z'), ('priya_builds', '1006', 24500, 0, '2026-11-02T00:00:00.000Z')`,
      )
      .run();
    const targets = await h.call('list_target_accounts');
    expect(targets.data.map((t: { username: string; source: string }) => [t.username, t.source])).toEqual([
      ['priya_builds', 'stored'],
      ['rust_rob', 'config'],
      ['sam_codes', 'both'],
    ]);
    expect(targets.data[2]).toMatchObject({ user_id: '1002', followers: 3400, total_replies: 2 });
  });
});

describe('context', () => {
  beforeEach(async () => {
    h = await startMcpHarness({ config: config() });
  });

  it('get_author_context: profile, history with the account, and the per-author cap', async () => {
    const posts = seedFreshPosts(h);
    await h.call('find_reply_opportunities', {});
    const feed = await h.call('get_discovery_feed', { min_score: 0, limit: 100 });
    const robsPosts = feed.data.filter((i: { author_id: string }) => i.author_id === '1012');
    expect(robsPosts.length).toBeGreaterThanOrEqual(2);
    const before = await h.call('get_author_context', { author_id: '@Rust_Rob' });
    expect(before.success).toBe(true);
    expect(before.data).toMatchObject({
      author: { id: '1012', username: 'rust_rob', name: 'Rob Meyer', followers_count: 2100 },
      profile_source: 'platform',
      is_target_account: true,
      interactions: {
        replies: { total: 0 },
        approval_queue: { by_status: {} },
        discovered: { total: robsPosts.length },
      },
      reply_cap: { cap: 1, replied_today: 0, queued_for_review: 0, remaining: 1, can_reply: true },
    });
    await h.call('propose_and_queue_replies', {
      drafts: [{ tweet_id: posts.rob, text: 'Yes, in WAL mode.' }],
    });
    const after = await h.call('get_author_context', { author_id: '1012' });
    expect(after.data.interactions.approval_queue).toMatchObject({
      by_status: { pending: 1 },
      recent: [
        { action_type: 'reply', status: 'pending', content: 'Yes, in WAL mode.', target_tweet_id: posts.rob },
      ],
    });
    expect(after.data.reply_cap).toEqual({
      cap: 1,
      replied_today: 0,
      queued_for_review: 1,
      remaining: 0,
      can_reply: false,
    });
  });

  it("get_author_context: without a platform login, the account's own records still answer", async () => {
    await h.close();
    h = await startMcpHarness({ config: config(), login: false });
    await h.app.deps.discovery.discovered.save(
      [
        {
          tweet_id: '5001',
          author_id: '1012',
          author_username: 'rust_rob',
          author_followers: 2100,
          text: 'SQLite queues?',
          tweet_created_at: null,
          like_count: 0,
          retweet_count: 0,
          reply_count: 0,
          quote_count: 0,
          impression_count: 0,
          has_media: false,
          is_quote: false,
          score: 70,
          score_breakdown: {},
          matched_keyword: 'sqlite',
          source: 'search',
        },
      ],
      h.app.deps.clock.now(),
    );
    const result = await h.call('get_author_context', { author_id: 'RUST_ROB' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      author: { id: '1012', username: 'rust_rob', name: null, followers_count: null },
      profile_source: 'local',
      is_target_account: true,
      interactions: { discovered: { total: 1, avg_score: 70 } },
    });
    expect(result.data.profile_error).toMatch(/./);
  });

  it('get_author_context: an author unknown to the platform and to our records is a context_error', async () => {
    const result = await h.call('get_author_context', { author_id: 'nobody_here' });
    expect(result.error).toMatchObject({ code: 'context_error', retryable: false });
    expect(result.error?.message).toMatch(/nobody_here/);
    expect((await h.call('get_author_context', {})).error?.code).toBe('invalid_input');
  });

  it('recommend_engagement_action: reply on a strong post, skip on our own and off-topic ones', async () => {
    const posts = seedFreshPosts(h);
    const strong = await h.call('recommend_engagement_action', { tweet_id: posts.rob });
    expect(strong.data).toMatchObject({
      tweet_id: posts.rob,
      action: 'reply',
      guards: { reply_allowed: true },
      author: { username: 'rust_rob', is_target_account: true },
      score: { meets_threshold: true },
    });
    expect(strong.data.reasons[0]).toMatch(/^score [\d.]+ vs threshold 60$/);

    const own = h.fake.state.seed({ tweets: [{ author_id: '1000', text: 'SQLite tips', minutes_ago: 1 }] })
      .tweets[0];
    const self = await h.call('recommend_engagement_action', { tweet_id: own });
    expect(self.data).toMatchObject({ action: 'skip', guards: { reply_allowed: false, rule: 'self_reply' } });

    const offTopic = await h.call('recommend_engagement_action', { tweet_id: posts.offTopic });
    expect(offTopic.data.action).toBe('skip');
    expect(offTopic.data.reasons[0]).toBe('off topic: matches none of the discovery keywords');
    // Fresh and from a mid-size account, it still scores on reach and recency: the total alone is no reason.
    expect(offTopic.data.score.total).toBeGreaterThanOrEqual(45);

    const [weak, fromTarget] = h.fake.state.seed({
      tweets: [
        { author_username: 'technews_daily', text: 'TypeScript roundup of the week.', minutes_ago: 400 },
        { author_username: 'sam_codes', text: 'TypeScript generics, a thread.', minutes_ago: 400 },
      ],
    }).tweets;
    const like = await h.call('recommend_engagement_action', { tweet_id: weak });
    expect(like.data).toMatchObject({ action: 'like', score: { meets_threshold: false } });
    expect(like.data.reasons).toEqual([
      'relevant but below the reply threshold',
      expect.any(String),
      'matches typescript',
    ]);
    const target = await h.call('recommend_engagement_action', { tweet_id: fromTarget });
    expect(target.data).toMatchObject({ action: 'reply', author: { is_target_account: true } });
    expect(target.data.reasons).toContain('the author is a target account');

    const missing = await h.call('recommend_engagement_action', { tweet_id: '9999999' });
    expect(missing.error).toMatchObject({ code: 'recommendation_error' });
    expect((await h.call('recommend_engagement_action', { tweet_id: 'abc' })).error?.code).toBe(
      'invalid_input',
    );
  });

  it('recommend_engagement_action: a worthy post over the daily reply cap gets a like instead', async () => {
    await h.close();
    h = await startMcpHarness({ config: config({ limits: { max_replies_per_day: 1 } }) });
    const posts = seedFreshPosts(h);
    await h.call('propose_and_queue_replies', {
      drafts: [{ tweet_id: posts.maria, text: 'Underrated indeed.' }],
    });
    const result = await h.call('recommend_engagement_action', { tweet_id: posts.rob });
    expect(result.data).toMatchObject({ action: 'like', guards: { rule: 'reply_cap', waitable: true } });
    expect(result.data.reasons[0]).toMatch(/^worth a reply but daily reply cap reached/);
  });

  it('topic_performance_snapshot ranks topics by performance within the window', async () => {
    const sqlite = sqliteOf(h.app.deps.database).sqlite;
    const insert = sqlite.prepare(
      `insert into posts (tweet_id, kind, text, topic, format, posted_at) values (?, 'tweet', 't', ?, ?, ?)`,
    );
    const metric = sqlite.prepare(
      'insert into post_metrics (tweet_id, impressions, likes, replies, retweets) values (?, ?, ?, ?, ?)',
    );
    insert.run('1', 'sqlite', 'tip', '2026-11-20T10:00:00.000Z');
    metric.run('1', 1000, 20, 2, 5); // (60 + 10 + 20) per 1000 = 90
    insert.run('2', 'sqlite', 'story', '2026-11-21T10:00:00.000Z');
    metric.run('2', 1000, 5, 0, 0); // 15
    insert.run('3', 'hiring', 'list', '2026-11-21T10:00:00.000Z');
    metric.run('3', 1000, 1, 0, 0); // 3
    insert.run('4', 'hiring', 'list', '2026-09-01T10:00:00.000Z');
    metric.run('4', 10, 100, 0, 0);
    sqlite
      .prepare(
        `insert into content_scores (topic, format, total_posts, avg_performance) values ('docs', '', 7, 12.5)`,
      )
      .run();
    const snapshot = await h.call('topic_performance_snapshot', { days: 7 });
    expect(snapshot.success).toBe(true);
    expect(snapshot.data).toMatchObject({
      days: 7,
      since: '2026-11-15T12:00:00.000Z',
      totals: { posts: 3, measured: 3, impressions: 3000, avg_performance: 36 },
      best_topic: 'sqlite',
      worst_topic: 'hiring',
    });
    expect(
      snapshot.data.topics.map((t: { topic: string; avg_performance: number | null }) => [
        t.topic,
        t.avg_performance,
      ]),
    ).toEqual([
      ['sqlite', 52.5],
      ['hiring', 3],
      ['docs', null],
    ]);
    expect(snapshot.data.topics[0]).toMatchObject({
      best_format: 'tip',
      formats: [{ format: 'tip' }, { format: 'story' }],
    });
    expect(snapshot.data.topics[2]).toMatchObject({
      posts: 0,
      all_time: { total_posts: 7, avg_performance: 12.5 },
    });
    expect((await h.call('topic_performance_snapshot', { days: 0 })).error?.code).toBe('invalid_input');

    sqlite.exec('drop table content_scores');
    const broken = await h.call('topic_performance_snapshot');
    expect(broken.error).toMatchObject({ code: 'topic_error', details: { cause_code: 'db_error' } });
  });
});

describe('errors', () => {
  it('without an LLM the generating tools answer llm_not_configured before any platform call', async () => {
    h = await startMcpHarness({ config: config({ llm: {} }) });
    const posts = seedFreshPosts(h);
    const requestsBefore = h.fake.requests.length;
    const drafted = await h.call('draft_replies_for_candidates', { tweet_ids: [posts.rob] });
    expect(drafted.error).toMatchObject({ code: 'llm_not_configured', retryable: false });
    expect(h.fake.requests.length).toBe(requestsBefore);
    expect((await h.call('generate_thread_plan', { topic: 'queues' })).error?.code).toBe(
      'llm_not_configured',
    );
  });

  it('malformed arguments are invalid_input', async () => {
    h = await startMcpHarness({ config: config() });
    const bad: Array<[string, Record<string, unknown>]> = [
      ['draft_replies_for_candidates', { tweet_ids: [] }],
      ['draft_replies_for_candidates', { tweet_ids: ['not-an-id'] }],
      ['propose_and_queue_replies', { drafts: [{ tweet_id: '1' }] }],
      ['propose_and_queue_replies', { drafts: [{ tweet_id: '1', text: '   ' }] }],
      ['find_reply_opportunities', { limit: 0 }],
      ['get_discovery_feed', { min_score: 101 }],
      ['list_unreplied_tweets', { limit: 'ten' }],
      ['generate_thread_plan', { topic: '' }],
      ['list_target_accounts', { extra: true }],
    ];
    for (const [tool, args] of bad) {
      const result = await h.call(tool, args);
      expect(result.error?.code, `${tool} ${JSON.stringify(args)}`).toBe('invalid_input');
    }
    expect(await pending(h)).toEqual([]);
  });
});
