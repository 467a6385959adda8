// The hand-written platform tools through the in-memory MCP client against the fake platform: posting
// (length, threads, partial failure), engagement with rollback hints, previews, media upload, compose,
// the approval tools (including routed engagement run on approval) and the duplicate-reply guard.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { type McpHarness, type McpHarnessOptions, startMcpHarness } from '../support/mcp-harness.js';
import { writeMedia } from '../support/media-files.js';

let h: McpHarness;
afterEach(async () => h?.close());

/** No approval routing: mutations run at once unless a test says otherwise. */
const direct = (extra: McpHarnessOptions = {}) =>
  startMcpHarness({ ...extra, config: { mcp_policy: { require_approval_for: [] }, ...extra.config } });
const postsNamed = (text: string) => h.fake.state.tweetsNewestFirst().filter((t) => t.text === text);
const someone = () => h.fake.state.tweetsNewestFirst().find((t) => t.authorId !== '1000');

describe('posting tools', () => {
  it('posts, answers the id and a rollback hint, and records the post', async () => {
    h = await direct();
    const result = await h.call('social_post_tweet', { text: 'Shipping v2 today 🚀' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ posted: true, tweet_id: expect.any(String) });
    expect(result.meta).toMatchObject({
      policy_decision: 'allowed',
      rollback: { tool: 'social_delete_tweet', params: { tweet_id: result.data.tweet_id } },
    });
    expect(postsNamed('Shipping v2 today 🚀')).toHaveLength(1);
  });

  it('refuses 281 weighted characters with tweet_too_long before anything else', async () => {
    h = await direct();
    const result = await h.call('social_post_tweet', { text: 'a'.repeat(281) });
    expect(result.error).toMatchObject({ code: 'tweet_too_long', retryable: false });
    expect((await h.call('social_post_tweet', { text: 'a'.repeat(280) })).success).toBe(true);
  });

  it('posts a thread as a reply chain; a break part-way is thread_partial_failure and a retry does not repost', async () => {
    h = await direct({ config: { limits: { max_threads_per_week: 3 } } });
    const ok = await h.call('social_post_thread', { tweets: ['one of two', 'two of two'] });
    expect(ok.data.tweet_ids).toHaveLength(2);
    const [first, second] = ok.data.tweet_ids;
    expect(h.fake.state.tweets.get(second)?.inReplyToTweetId).toBe(first);

    h.fake.faults.inject({ method: 'POST', path: '/2/tweets', skip: 1, action: faultPresets.forbidden() });
    const tweets = ['card A', 'card B', 'card C'];
    const broken = await h.call('social_post_thread', { tweets });
    expect(broken.error).toMatchObject({ code: 'thread_partial_failure', retryable: true });
    expect(broken.error?.details).toMatchObject({ posted_tweet_ids: [expect.any(String)] });
    const again = await h.call('social_post_thread', { tweets });
    expect(again.data).toMatchObject({ duplicate: true });
    expect(postsNamed('card A')).toHaveLength(1);
    // The weekly thread cap (3 here) counts the broken one too: the fourth is refused by the hard rule.
    const capped = await h.call('social_post_thread', { tweets: ['x', 'y'] });
    expect(capped.data.tweet_ids).toHaveLength(2);
    const refused = await h.call('social_post_thread', { tweets: ['over', 'the cap'] });
    expect(refused.error).toMatchObject({ code: 'policy_denied_hard_rule', policy_decision: 'denied' });
  });

  it('quotes and deletes', async () => {
    h = await direct();
    const target = someone();
    const quote = await h.call('social_quote_tweet', { text: 'Worth reading', quoted_tweet_id: target?.id });
    expect(h.fake.state.tweets.get(quote.data.tweet_id)?.quotedTweetId).toBe(target?.id);
    const deleted = await h.call('social_delete_tweet', { tweet_id: quote.data.tweet_id });
    expect(deleted.data).toMatchObject({ deleted: true });
    expect(h.fake.state.tweets.has(quote.data.tweet_id)).toBe(false);
  });
});

describe('engagement tools', () => {
  it('each toggle acts on the platform and points at its opposite', async () => {
    h = await direct();
    const tweet = someone()?.id;
    for (const [on, off, key, flag] of [
      ['social_like_tweet', 'social_unlike_tweet', 'tweet_id', 'liked'],
      ['social_retweet', 'social_unretweet', 'tweet_id', 'retweeted'],
      ['social_bookmark_tweet', 'social_unbookmark_tweet', 'tweet_id', 'bookmarked'],
      ['social_follow_user', 'social_unfollow_user', 'target_user_id', 'following'],
    ] as const) {
      const id = key === 'tweet_id' ? tweet : '1001';
      const done = await h.call(on, { [key]: id });
      expect(done.data[flag], on).toBe(true);
      expect(done.meta?.rollback).toEqual({ tool: off, params: { [key]: id } });
      const undone = await h.call(off, { [key]: id });
      expect(undone.data[flag], off).toBe(false);
    }
  });
});

describe('previews, media and compose', () => {
  it('a post preview validates and tells what the policy would do, posting nothing', async () => {
    h = await startMcpHarness();
    const before = h.fake.state.tweetsNewestFirst().length;
    const preview = await h.call('social_post_tweet_dry_run', { text: 'https://example.com is great' });
    expect(preview.data).toMatchObject({
      dry_run: true,
      would_execute: 'social_post_tweet',
      outcome: 'route',
      weighted_lengths: [32],
    });
    const thread = await h.call('social_post_thread_dry_run', { tweets: ['a', 'b'] });
    expect(thread.data.outcome).toBe('allow');
    expect(h.fake.state.tweetsNewestFirst()).toHaveLength(before);
  });

  it('uploads a real image and refuses a file that is not media', async () => {
    h = await direct();
    // The tool reads only from the media folder (or [mcp_policy] upload_allowed_dirs).
    const media = join(h.home.dir, 'media');
    mkdirSync(media, { recursive: true });
    const image = writeMedia(join(media, 'shot.png'), 'png');
    const checked = await h.call('social_upload_media', { file_path: image, dry_run: true });
    expect(checked.data).toMatchObject({ dry_run: true, valid: true, media_type: 'image/png' });
    const uploaded = await h.call('social_upload_media', { file_path: image, alt_text: 'a chart' });
    expect(uploaded.data).toMatchObject({ media_id: expect.any(String), upload_strategy: 'simple' });
    const post = await h.call('social_post_tweet', {
      text: 'with a chart',
      media_ids: [uploaded.data.media_id],
    });
    expect(h.fake.state.tweets.get(post.data.tweet_id)?.mediaKeys).toHaveLength(1);

    const notMedia = join(media, 'notes.txt');
    writeFileSync(notMedia, 'just some text, not an image');
    const refused = await h.call('social_upload_media', { file_path: notMedia });
    expect(refused.error?.code).toBe('unsupported_media_type');
    const missing = await h.call('social_upload_media', { file_path: join(media, 'gone.png') });
    expect(missing.error?.code).toBe('file_read_error');
  });

  it('compose_tweet goes to the approval queue under approval mode, or straight to posting without it', async () => {
    h = await startMcpHarness();
    const queued = await h.call('compose_tweet', { content: 'From an agent, for review' });
    expect(queued.data).toMatchObject({ status: 'queued_for_approval', approval_id: expect.any(Number) });
    await h.close();
    h = await direct({ config: { approval_mode: false } });
    const posted = await h.call('compose_tweet', { content: 'Straight out', topic: 'launch' });
    expect(posted.data).toMatchObject({ status: 'queued', job_id: expect.any(Number) });
    await h.postNow();
    expect(postsNamed('Straight out')).toHaveLength(1);
  });
});

describe('approval tools', () => {
  it('lists, counts, rejects and approves; a routed like runs when approved', async () => {
    h = await startMcpHarness({ config: { mcp_policy: { require_approval_for: ['like_tweet'] } } });
    const tweet = someone()?.id;
    const routed = await h.call('social_like_tweet', { tweet_id: tweet });
    const other = await h.call('compose_tweet', { content: 'to be rejected' });
    expect((await h.call('get_pending_count')).data).toEqual({ pending_count: 2 });
    const listed = await h.call('list_pending_approvals', { limit: 10 });
    expect(listed.data.total).toBe(2);
    expect(listed.data.items.map((i: { action_type: string }) => i.action_type).sort()).toEqual([
      'social_like_tweet',
      'tweet',
    ]);
    // Queued by an agent, reviewed by an agent: both recorded as such.
    expect(listed.data.items.every((i: { actor: string }) => i.actor === 'agent')).toBe(true);
    const rejected = await h.call('reject_item', { id: other.data.approval_id, notes: 'off-voice' });
    expect(rejected.data).toMatchObject({
      id: other.data.approval_id,
      status: 'rejected',
      reviewed_by: 'agent',
      review_notes: 'off-voice',
    });
    const approved = await h.call('approve_item', { id: routed.data.approval_queue_id });
    expect(approved.data).toMatchObject({
      item: { status: 'posted', reviewed_by: 'agent' },
      job_id: null,
      result: { liked: true },
    });
    expect((await h.call('get_pending_count')).data.pending_count).toBe(0);
    expect((await h.call('approve_item', { id: 9999 })).error?.code).toBe('not_found');
  });

  it('approve_all approves up to the batch cap, each one on its own', async () => {
    h = await startMcpHarness({ config: { max_batch_approve: 2 } });
    for (const text of ['first', 'second', 'third']) await h.call('compose_tweet', { content: text });
    const result = await h.call('approve_all');
    expect(result.data).toMatchObject({ max_batch: 2, skipped: [] });
    expect(result.data.approved).toHaveLength(2);
    expect((await h.call('get_pending_count')).data.pending_count).toBe(1);
  });

  it('a second reply to the same post is refused while the first waits for approval', async () => {
    h = await startMcpHarness();
    const target = someone()?.id;
    const first = await h.call('social_reply_to_tweet', { text: 'Great point!', in_reply_to_id: target });
    expect(first.data.routed_to_approval).toBe(true);
    const second = await h.call('social_reply_to_tweet', { text: 'Also, a thought', in_reply_to_id: target });
    expect(second.error).toMatchObject({ code: 'policy_denied_hard_rule', policy_decision: 'denied' });
    // The waiting reply itself is not "another reply" when it is approved and posted.
    const approved = await h.call('approve_item', { id: first.data.approval_queue_id });
    expect(approved.success).toBe(true);
    await h.postNow();
    expect(postsNamed('Great point!')).toHaveLength(1);
  });
});

describe('utility tools', () => {
  it('get_config masks secrets; validate_config names missing quickstart fields; health and mode answer', async () => {
    h = await direct({ config: { llm: { provider: 'openai', api_key: 'sk-live-1234567890abcdef' } } });
    const config = await h.call('get_config');
    expect(JSON.stringify(config.data)).not.toContain('sk-live-1234567890abcdef');
    expect(config.data.llm.api_key).toBe('****cdef');
    const validation = await h.call('validate_config');
    expect(validation.data.valid).toBe(false);
    expect(validation.data.errors).toContain('business.product_name: required for quickstart');
    const health = await h.call('health_check');
    expect(health.data).toMatchObject({
      healthy: true,
      database: { status: 'ok' },
      social: { status: 'ok' },
    });
    expect((await h.call('get_mode')).data).toEqual({ mode: 'autopilot', approval_mode: true });
  });

  it("validate_config checks each account's settings too, naming the account's key", async () => {
    h = await direct({
      config: {
        accounts: {
          acme: {
            mcp_policy: { require_approval_for: ['like_tweet'], blocked_tools: ['social_like_tweet'] },
          },
        },
      },
    });
    const validation = await h.call('validate_config', {});
    // Blocked and approval-routed at once: the global config has no such overlap, the account does.
    expect(validation.data.warnings).toEqual([
      "accounts.acme.mcp_policy.blocked_tools: 'social_like_tweet' is both blocked and in require_approval_for; blocked wins",
    ]);
  });

  it('score_tweet reproduces the reference example and explains each signal', async () => {
    h = await direct({ config: { business: { product_keywords: ['rust', 'cli'] } } });
    const now = new Date(h.clock.now());
    const scored = await h.call('score_tweet', {
      tweet: {
        text: 'Building amazing Rust CLI tools for developers',
        author_followers: 5000,
        likes: 20,
        retweets: 5,
        replies: 3,
        created_at: new Date(now.getTime() - 10 * 60_000).toISOString(),
      },
    });
    expect(scored.data.total).toBe(74.03);
    expect(scored.data.meets_threshold).toBe(true);
    expect(scored.data.breakdown).toContain('Keyword relevance');
  });

  it('get_capabilities reports login, provider and what is left of the caps', async () => {
    h = await direct();
    await h.call('social_like_tweet', { tweet_id: someone()?.id });
    const caps = await h.call('get_capabilities');
    expect(caps.data).toMatchObject({
      can_post_tweets: true,
      provider: { backend: 'social_api', mutations_available: true },
      auth: { social_client_available: true },
    });
    expect(caps.data.rate_limits).toContainEqual(
      expect.objectContaining({ action_type: 'mcp_mutation', remaining: 19, max: 20 }),
    );
  });
});
