// The isolation matrix of issue 27 item 3, tool face: every tool of the admin profile, called on a tool
// server built for account A, with account B's ids in every id-like field. The tools come from the profile
// itself, so a new tool joins the matrix (and fails it until it says how to reach B's ids, or why it has none).
//
// What must hold:
// - a call naming B's things is refused (not_found or forbidden), or answered exactly as a call naming a
//   thing that exists nowhere (the tool says why: a batch that skips it, a path checked like any other);
// - a platform call goes out with A's login only: on B's things that only B's user may touch (its lists, its
//   messages, its mutes, its ads account, its posts to delete) the platform refuses it; what the platform
//   shows anyone (a public post, a user) A may read and act on as its own user, and the tool says so;
// - no answer carries B's private words (its drafts, notes, messages, audit, media, settings);
// - nothing of B's changes: every row with B's `account_id` (and B's `accounts` row), B's user at the fake
//   platform, and A's user posts nothing of B's; no prompt to the LLM carries B's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import type { ToolClient } from '../support/app-harness.js';
import {
  B_FOUND,
  B_PRIVATE,
  B_PUBLIC,
  type BIds,
  type BSnapshot,
  connectToolsFor,
  type IsolationWorld,
  startIsolationWorld,
} from '../support/isolation-world.js';

type Args = Record<string, unknown>;

const ADMIN = profileTools('admin');
const TOOLS = ADMIN.map((op) => op.tool.name);
const READS = new Set(ADMIN.filter((op) => !op.mutation).map((op) => op.tool.name));
/** Reads A was refused, called again by B at the end: the ids were B's indeed. */
const refusedReads: Array<{ tool: string; args: Args; code: string }> = [];

/** Fields that name something an account owns (or a platform user's thing) by their name. */
const isIdField = (field: string) =>
  /(^|_)ids?$/.test(field) ||
  ['file_path', 'media_paths', 'username', 'usernames', 'drafts', 'endpoint'].includes(field);

/** Id-like fields that name nothing of an account's: paging, and ads entities under the account id given. */
const NOT_OWNED = new Set([
  'since_id',
  'pagination_token',
  'campaign_ids',
  'line_item_ids',
  'entity_ids',
  'campaign_id',
  'line_item_id',
  'funding_instrument_id',
  'rule_ids',
]);

/** B's thing for a field, by its name: a tool with such a field joins the matrix by itself. */
const FIELD_IDS: Record<string, (b: BIds) => unknown> = {
  tweet_id: (b) => b.tweets[0],
  in_reply_to_id: (b) => b.tweets[0],
  quoted_tweet_id: (b) => b.tweets[0],
  tweet_ids: (b) => [b.discovered],
  user_id: (b) => b.user,
  target_user_id: (b) => b.user,
  author_id: (b) => b.user,
  participant_id: (b) => b.user,
  user_ids: (b) => [b.user],
  participant_ids: (b) => [b.user],
  list_id: (b) => b.list,
  media_ids: (b) => [b.media.platformId],
  correlation_id: (b) => b.correlation,
  file_path: (b) => b.media.path,
  media_paths: (b) => [b.media.path],
  selected_node_ids: (b) => [b.note],
  username: (b) => b.username,
  usernames: (b) => [b.username],
  account_id: (b) => b.ads,
};

/** The same fields naming things that exist nowhere (for the answers that must read as theirs). */
const GHOST_IDS: Record<string, unknown> = {
  tweet_id: '1999999999999999999',
  in_reply_to_id: '1999999999999999999',
  quoted_tweet_id: '1999999999999999999',
  tweet_ids: ['1999999999999999999'],
  user_id: '1999999999999999998',
  target_user_id: '1999999999999999998',
  author_id: '1999999999999999998',
  participant_id: '1999999999999999998',
  user_ids: ['1999999999999999998'],
  participant_ids: ['1999999999999999998'],
  list_id: '1999999999999999997',
  media_ids: ['1999999999999999996'],
  correlation_id: '00000000-0000-4000-8000-000000000000',
  selected_node_ids: [999_993],
  username: 'nobody_at_all',
  usernames: ['nobody_at_all'],
  account_id: 'ghostads',
};

/** Fields a name does not tell (`id`, `ids`, `drafts`, `endpoint`): per tool, B's and a ghost's. */
const TOOL_IDS: Record<string, { b: (b: BIds) => Args; ghost: (w: IsolationWorld) => Args }> = {
  approve_item: { b: (b) => ({ id: b.approvals.composed }), ghost: () => ({ id: 999_997 }) },
  reject_item: { b: (b) => ({ id: b.approvals.tool }), ghost: () => ({ id: 999_997 }) },
  approve_all: {
    b: (b) => ({ ids: Object.values(b.approvals) }),
    ghost: () => ({ ids: [999_997, 999_996] }),
  },
  propose_and_queue_replies: {
    b: (b) => ({ drafts: [{ tweet_id: b.discovered, text: 'A replies' }] }),
    ghost: () => ({ drafts: [{ tweet_id: '1999999999999999999', text: 'A replies' }] }),
  },
  generate_reply: {
    // The post replied to is public and stays the same; only the notes are B's or nobody's.
    b: (b) => ({ tweet_id: b.tweets[0], selected_node_ids: [b.note] }),
    ghost: (w) => ({ tweet_id: w.ids.tweets[0], selected_node_ids: [999_993] }),
  },
  // The post answered or quoted is public and stays the same; only the media id is B's or nobody's.
  social_reply_to_tweet: {
    b: (b) => ({ in_reply_to_id: b.tweets[0], media_ids: [b.media.platformId] }),
    ghost: (w) => ({ in_reply_to_id: w.ids.tweets[0], media_ids: ['1999999999999999996'] }),
  },
  social_quote_tweet: {
    b: (b) => ({ quoted_tweet_id: b.tweets[0], media_ids: [b.media.platformId] }),
    ghost: (w) => ({ quoted_tweet_id: w.ids.tweets[0], media_ids: ['1999999999999999996'] }),
  },
  social_post_thread: {
    b: (b) => ({ media_ids: [[b.media.platformId]] }),
    ghost: () => ({ media_ids: [['1999999999999999996']] }),
  },
  social_post_thread_dry_run: {
    b: (b) => ({ media_ids: [[b.media.platformId]] }),
    ghost: () => ({ media_ids: [['1999999999999999996']] }),
  },
  social_v2_dm_create_group: {
    b: (b) => ({ participant_ids: [b.user, '1002'] }),
    ghost: () => ({ participant_ids: ['1999999999999999998', '1002'] }),
  },
  social_upload_media: {
    b: (b) => ({ file_path: b.media.path }),
    ghost: (w) => ({ file_path: `${w.a.deps.media.mediaDir}/00000000-0000-4000-8000-000000000000.png` }),
  },
  compose_tweet: {
    b: (b) => ({ media_paths: [b.media.path] }),
    ghost: (w) => ({ media_paths: [`${w.a.deps.media.mediaDir}/00000000-0000-4000-8000-000000000000.png`] }),
  },
  social_v2_tweets_lookup: { b: (b) => ({ ids: b.tweets }), ghost: () => ({ ids: ['1999999999999999999'] }) },
  social_v2_tweets_quote_tweets: {
    b: (b) => ({ id: b.tweets[0] }),
    ghost: () => ({ id: '1999999999999999999' }),
  },
  social_v2_tweets_retweeted_by: {
    b: (b) => ({ id: b.tweets[0] }),
    ghost: () => ({ id: '1999999999999999999' }),
  },
  social_v2_tweets_hide_reply: {
    b: (b) => ({ id: b.tweets[0] }),
    ghost: () => ({ id: '1999999999999999999' }),
  },
  social_v2_tweets_unhide_reply: {
    b: (b) => ({ id: b.tweets[0] }),
    ghost: () => ({ id: '1999999999999999999' }),
  },
  social_v2_lists_get: { b: (b) => ({ id: b.list }), ghost: () => ({ id: '1999999999999999997' }) },
  social_v2_lists_members: { b: (b) => ({ id: b.list }), ghost: () => ({ id: '1999999999999999997' }) },
  social_v2_lists_followers: { b: (b) => ({ id: b.list }), ghost: () => ({ id: '1999999999999999997' }) },
  social_v2_lists_tweets: { b: (b) => ({ id: b.list }), ghost: () => ({ id: '1999999999999999997' }) },
  social_v2_lists_update: { b: (b) => ({ id: b.list }), ghost: () => ({ id: '1999999999999999997' }) },
  social_v2_lists_delete: { b: (b) => ({ id: b.list }), ghost: () => ({ id: '1999999999999999997' }) },
  social_v2_lists_members_add: { b: (b) => ({ id: b.list }), ghost: () => ({ id: '1999999999999999997' }) },
  social_v2_lists_members_remove: {
    b: (b) => ({ id: b.list }),
    ghost: () => ({ id: '1999999999999999997' }),
  },
  social_v2_dm_conversation_by_id: {
    b: (b) => ({ id: b.dmConversation }),
    ghost: () => ({ id: '1002-1999999999999999998' }),
  },
  social_v2_dm_events_by_conversation: {
    b: (b) => ({ id: b.dmConversation }),
    ghost: () => ({ id: '1002-1999999999999999998' }),
  },
  social_v2_dm_send_in_conversation: {
    b: (b) => ({ id: b.dmConversation }),
    ghost: () => ({ id: '1002-1999999999999999998' }),
  },
  social_v2_spaces_get: { b: () => ({ id: '1DXxyRYNejbKM' }), ghost: () => ({ id: 'ghostspace' }) },
  social_v2_spaces_lookup: { b: () => ({ ids: ['1DXxyRYNejbKM'] }), ghost: () => ({ ids: ['ghostspace'] }) },
  social_v2_spaces_buyers: { b: () => ({ id: '1OdKrBnaEPXKX' }), ghost: () => ({ id: 'ghostspace' }) },
  social_v2_spaces_tweets: { b: () => ({ id: '1DXxyRYNejbKM' }), ghost: () => ({ id: 'ghostspace' }) },
  social_v2_compliance_job_by_id: { b: () => ({ id: '1' }), ghost: () => ({ id: '1' }) },
  social_v2_stream_rules_delete: { b: () => ({ rule_ids: ['1'] }), ghost: () => ({ rule_ids: ['1'] }) },
  social_ads_targeting_delete: { b: () => ({ id: 'none' }), ghost: () => ({ id: 'none' }) },
  social_get: {
    b: (b) => ({ endpoint: `/2/users/${b.user}/bookmarks` }),
    ghost: () => ({ endpoint: '/2/users/1999999999999999998/bookmarks' }),
  },
  social_post: {
    b: (b) => ({ endpoint: `/2/users/${b.user}/likes`, body: { tweet_id: b.discovered } }),
    ghost: (w) => ({ endpoint: '/2/users/1999999999999999998/likes', body: { tweet_id: w.ids.discovered } }),
  },
  social_put: {
    b: (b) => ({ endpoint: `/2/lists/${b.list}`, body: { name: 'taken by A' } }),
    ghost: () => ({ endpoint: '/2/lists/1999999999999999997', body: { name: 'taken by A' } }),
  },
  social_delete: {
    b: (b) => ({ endpoint: `/2/tweets/${b.tweets[0]}` }),
    ghost: () => ({ endpoint: '/2/tweets/1999999999999999999' }),
  },
};

/** What a valid call needs besides its ids. */
const BASE: Record<string, Args> = {
  compose_tweet: { content: 'A writes' },
  generate_thread: { topic: 'release notes', num_tweets: 2 },
  generate_thread_plan: { topic: 'queues', target_tweets: 2 },
  generate_tweet: { topic: 'release notes' },
  generate_reply: { context: 'curious' },
  score_tweet: { tweet: { text: 'rust cli', created_at: '2026-11-22T11:50:00Z', author_followers: 10 } },
  social_post_tweet: { text: 'A posts' },
  social_post_tweet_dry_run: { text: 'A posts' },
  social_post_thread: { tweets: ['A one', 'A two'] },
  social_post_thread_dry_run: { tweets: ['A one', 'A two'] },
  social_reply_to_tweet: { text: 'A replies' },
  social_quote_tweet: { text: 'A quotes' },
  social_search_tweets: { query: 'changelog' },
  social_v2_tweets_counts_recent: { query: 'changelog' },
  social_v2_spaces_search: { query: 'AMA' },
  social_v2_tweets_hide_reply: { hidden: true },
  social_v2_tweets_unhide_reply: { hidden: false },
  social_v2_lists_create: { name: 'A list' },
  social_v2_lists_update: { description: 'taken by A' },
  social_v2_dm_send_in_conversation: { text: 'A writes' },
  social_v2_dm_send_to_participant: { text: 'A writes' },
  social_v2_dm_create_group: { text: 'A writes' },
  social_v2_compliance_job_create: { type: 'tweets' },
  social_v2_stream_rules_add: { rules: [{ value: 'A rule' }] },
  social_ads_campaign_by_id: { campaign_id: 'none' },
  social_ads_campaign_update: { campaign_id: 'none', name: 'A' },
  social_ads_campaign_delete: { campaign_id: 'none' },
  social_ads_campaign_create: { name: 'A', funding_instrument_id: 'lygyi' },
  social_ads_line_item_create: {
    campaign_id: 'none',
    bid_amount_local_micro: 1_000_000,
    product_type: 'PROMOTED_TWEETS',
    placements: ['ALL_ON_TWITTER'],
    objective: 'ENGAGEMENTS',
  },
  social_ads_promoted_tweet_create: { line_item_id: 'none' },
  social_ads_targeting_create: { line_item_id: 'none', targeting_type: 'LOCATION', targeting_value: 'x' },
  social_ads_analytics: {
    entity: 'ACCOUNT',
    entity_ids: ['none'],
    start_time: '2026-11-01T00:00:00Z',
    end_time: '2026-11-02T00:00:00Z',
    granularity: 'DAY',
    metric_groups: ['ENGAGEMENT'],
  },
};

const APP_LEVEL =
  'the platform app’s own objects (one client id for the whole service), never a user’s or an account’s';
const SPACE = 'a Space is a public platform object hosted by other users (B hosts none)';

/** Tools that name nothing of B's, and why. They run first, before A has touched anything of B's. */
const NO_ID: Record<string, string> = {
  find_reply_opportunities: 'searches the platform with A’s keywords and stores what it finds in A’s feed',
  generate_thread_plan: 'plans a thread from a topic',
  get_action_counts: 'A’s own counts',
  get_action_log: 'A’s own action log',
  get_capabilities: 'what A’s login and settings allow',
  get_config: 'A’s effective settings',
  get_discovery_feed: 'A’s Discovery Feed (B’s stored post must not be in it)',
  get_follower_trend: 'A’s follower snapshots',
  get_mcp_error_breakdown: 'A’s tool telemetry',
  get_mcp_tool_metrics: 'A’s tool telemetry',
  get_mode: 'A’s mode',
  get_pending_count: 'A’s queue (B’s pending items are not counted)',
  get_policy_status: 'A’s policy and its counters',
  get_rate_limits: 'A’s caps and what A used of them',
  get_recent_mutations: 'A’s audit (B’s tool calls must not be listed)',
  get_recent_replies: 'A’s replies',
  get_reply_count_today: 'A’s replies today',
  get_social_usage: 'A’s platform bill',
  get_stats: 'A’s analytics',
  health_check: 'the service and A’s login',
  list_pending_approvals: 'A’s queue (B’s items must not be listed)',
  list_target_accounts: 'A’s target accounts',
  list_unreplied_tweets: 'A’s feed',
  score_tweet: 'scores the post it is given',
  social_get_bookmarks: 'A’s bookmarks (B bookmarked a post; A’s list must not show it)',
  social_get_home_timeline: 'A’s timeline',
  social_get_user_mentions: 'A’s mentions',
  social_search_tweets: 'a platform search with A’s login',
  social_v2_dm_conversations: 'A’s conversations (B’s must not be listed)',
  social_v2_dm_events: 'A’s messages (B’s must not be listed)',
  social_v2_lists_create: 'creates a list of A’s',
  social_v2_tweets_counts_recent: 'counts of a platform search',
  social_v2_usage_tweets: APP_LEVEL,
  social_v2_compliance_job_create: APP_LEVEL,
  social_v2_compliance_jobs: APP_LEVEL,
  social_v2_compliance_job_by_id: APP_LEVEL,
  social_v2_stream_rules_add: APP_LEVEL,
  social_v2_stream_rules_delete: APP_LEVEL,
  social_v2_stream_rules_list: APP_LEVEL,
  social_v2_spaces_get: SPACE,
  social_v2_spaces_lookup: SPACE,
  social_v2_spaces_buyers: SPACE,
  social_v2_spaces_tweets: SPACE,
  social_v2_spaces_search: SPACE,
  suggest_topics: 'topics from A’s notes and posts',
  topic_performance_snapshot: 'A’s topics',
  validate_config: 'checks the service’s config',
};

const PUBLIC_READ =
  'reads what the platform shows anyone (B’s public post, profile, list, followers) with A’s own login';
const PUBLIC_ACT =
  'acts as A’s own user on what the platform shows anyone (a post, a user): B’s login is never used and nothing of B’s changes';
const FETCHED =
  'a post B’s discovery stored is a public post: A fetches it with its own login and scores it itself (B’s feed row is never read)';

/** Tools whose answer to B's ids may be a success, and why. Any other tool must refuse. */
const MAY_SUCCEED: Record<string, string> = {
  get_tweet_by_id: PUBLIC_READ,
  get_author_context: PUBLIC_READ,
  social_get_followers: PUBLIC_READ,
  social_get_following: PUBLIC_READ,
  social_get_liked_tweets: PUBLIC_READ,
  social_get_tweet_liking_users: PUBLIC_READ,
  social_get_user_by_id: PUBLIC_READ,
  social_get_user_by_username: PUBLIC_READ,
  social_get_user_tweets: PUBLIC_READ,
  social_get_users_by_ids: PUBLIC_READ,
  social_v2_tweets_lookup: PUBLIC_READ,
  social_v2_tweets_quote_tweets: PUBLIC_READ,
  social_v2_tweets_retweeted_by: PUBLIC_READ,
  social_v2_users_lookup_by_usernames: PUBLIC_READ,
  social_v2_lists_get: PUBLIC_READ,
  social_v2_lists_members: PUBLIC_READ,
  social_v2_lists_followers: PUBLIC_READ,
  social_v2_lists_tweets: PUBLIC_READ,
  social_v2_lists_owned: PUBLIC_READ,
  social_v2_lists_memberships: PUBLIC_READ,
  social_v2_spaces_by_creator: PUBLIC_READ,
  social_v2_dm_events_by_participant:
    'A’s own messages with B’s user (none of B’s conversations with others)',
  recommend_engagement_action: `${PUBLIC_READ}, scored by A’s settings`,
  social_like_tweet: PUBLIC_ACT,
  social_unlike_tweet: PUBLIC_ACT,
  social_retweet: PUBLIC_ACT,
  social_unretweet: PUBLIC_ACT,
  social_bookmark_tweet: PUBLIC_ACT,
  social_unbookmark_tweet: PUBLIC_ACT,
  social_follow_user: PUBLIC_ACT,
  social_unfollow_user: PUBLIC_ACT,
  social_v2_dm_send_to_participant: PUBLIC_ACT,
  social_v2_dm_create_group: PUBLIC_ACT,
  draft_replies_for_candidates: FETCHED,
  propose_and_queue_replies: FETCHED,
  social_ads_accounts: 'lists the ads accounts of A’s user: B’s account id filters to none',
};

/** Tools answered exactly as the same call naming things that exist nowhere, and why. */
const AS_GHOST: Record<string, string> = {
  approve_all: 'a batch skips ids the account does not have, as ids that do not exist',
  compose_tweet: 'B’s upload is an unknown media path, as a path that does not exist',
  social_upload_media:
    'B’s upload is refused as a file that does not exist (file_read_error, one answer for both)',
  generate_tweet: 'notes the account does not have are left out of the context, as notes that do not exist',
  generate_thread: 'notes the account does not have are left out of the context, as notes that do not exist',
  generate_reply: 'notes the account does not have are left out of the context, as notes that do not exist',
  ...Object.fromEntries(
    ['social_post_tweet', 'social_post_thread', 'social_reply_to_tweet', 'social_quote_tweet'].map((tool) => [
      tool,
      'B’s media id is refused by the platform as an id that exists nowhere: A’s login does not own it',
    ]),
  ),
  ...Object.fromEntries(
    ['social_post_tweet_dry_run', 'social_post_thread_dry_run'].map((tool) => [
      tool,
      'a dry run checks the text and the policy, never the platform: B’s media id reads as any other',
    ]),
  ),
};

/** What a refusal is: the thing is not there for A, or the platform forbids A's login to touch it. */
const REFUSED = ['not_found', 'social_forbidden'];

let w: IsolationWorld;
let tools: ToolClient;
let before: BSnapshot;
beforeAll(async () => {
  w = await startIsolationWorld();
  tools = await connectToolsFor(w.a, 'admin');
  before = await w.snapshotB();
}, 30_000);
afterAll(async () => {
  await tools?.close();
  await w?.close();
});

interface Listing {
  fields: string[];
}
const listings = new Map<string, Listing>();
async function fieldsOf(tool: string): Promise<string[]> {
  if (listings.size === 0) {
    for (const t of (await tools.client.listTools()).tools)
      listings.set(t.name, {
        fields: Object.keys((t.inputSchema as { properties?: object }).properties ?? {}),
      });
  }
  return listings.get(tool)?.fields ?? [];
}

/** The call naming B's things, and the same call naming things that exist nowhere. */
async function callsOf(tool: string): Promise<{ mine: Args; ghost: Args; named: string[] }> {
  const fields = (await fieldsOf(tool)).filter((f) => isIdField(f) && !NOT_OWNED.has(f));
  const special = TOOL_IDS[tool];
  // A tool that names nothing of B's runs as a plain valid call.
  if (tool in NO_ID) {
    const call = { ...BASE[tool], ...special?.b(w.ids) };
    return { mine: call, ghost: call, named: fields };
  }
  const mine: Args = { ...BASE[tool], ...special?.b(w.ids) };
  const ghost: Args = { ...BASE[tool], ...special?.ghost(w) };
  const missing: string[] = [];
  for (const field of fields) {
    if (field in mine) continue;
    const id = FIELD_IDS[field];
    if (!id || !(field in GHOST_IDS)) missing.push(field);
    else {
      mine[field] = id(w.ids);
      ghost[field] = GHOST_IDS[field];
    }
  }
  if (missing.length > 0) throw new Error(`${tool}: no id of B's is known for ${missing.join(', ')}`);
  return { mine, ghost, named: fields };
}

const privateWords = (b: BIds) => [...B_PRIVATE, 'Beeline', b.media.id, b.correlation];
const publicWords = (b: BIds) => [B_PUBLIC, B_FOUND, b.username, 'Bee Account'];

/** Values at the same places of two calls (B's, the ghost's) that differ: the ids to write back. */
function leafPairs(mine: unknown, ghost: unknown): Array<[string, string]> {
  if (Array.isArray(mine) && Array.isArray(ghost))
    return mine.flatMap((item, i) => leafPairs(item, ghost[i]));
  if (mine && ghost && typeof mine === 'object' && typeof ghost === 'object')
    return Object.keys(mine).flatMap((key) => leafPairs((mine as Args)[key], (ghost as Args)[key]));
  return mine !== ghost && mine !== undefined && ghost !== undefined ? [[String(mine), String(ghost)]] : [];
}

/** The ghost's answer with each ghost id written as B's. */
const ghostAsB = (text: string, pairs: ReadonlyArray<[string, string]>) =>
  pairs.reduce((out, [mine, ghost]) => out.replaceAll(ghost, mine), text);

function wordsIn(text: string, words: readonly string[], sent: Args): string[] {
  const echo = JSON.stringify(sent).toLowerCase();
  const lower = text.toLowerCase();
  return words.filter((word) => lower.includes(word.toLowerCase()) && !echo.includes(word.toLowerCase()));
}

describe('the isolation matrix over the tool server (A’s tools, B’s ids)', () => {
  it('covers every tool of the admin profile: each names B’s things, or says why it cannot', async () => {
    for (const tool of TOOLS) {
      const { named } = await callsOf(tool);
      // A tool naming no id at all must say why; one that does is in the matrix unless it says why not.
      if (named.length === 0) expect(NO_ID[tool], `${tool} names no id: say why in NO_ID`).toBeTruthy();
    }
    for (const key of [...Object.keys(NO_ID), ...Object.keys(MAY_SUCCEED), ...Object.keys(AS_GHOST)])
      expect(TOOLS, `${key} is not an admin tool`).toContain(key);
    for (const key of Object.keys(MAY_SUCCEED)) expect(AS_GHOST[key] ?? NO_ID[key], key).toBeUndefined();
    for (const key of Object.keys(AS_GHOST)) expect(NO_ID[key], key).toBeUndefined();
  });

  // What names nothing of B's runs first: A's own reads before A has touched anything of B's at the platform.
  const ordered = [...TOOLS.filter((t) => t in NO_ID), ...TOOLS.filter((t) => !(t in NO_ID))];
  it.each(ordered)('%s', async (tool) => {
    const { mine, ghost } = await callsOf(tool);
    const answer = await tools.call(tool, mine);
    const text = JSON.stringify({ success: answer.success, data: answer.data, error: answer.error });
    const label = `${tool} ${JSON.stringify(mine)}: ${text.slice(0, 400)}`;
    expect(wordsIn(text, privateWords(w.ids), mine), label).toEqual([]);
    if (tool in NO_ID) {
      expect(wordsIn(text, publicWords(w.ids), mine), label).toEqual([]);
      expect(answer.error?.code, label).not.toBe('internal');
      return;
    }
    if (tool in AS_GHOST) {
      // The same envelope, the ids written back; details aside (they carry A's own job ids).
      const other = await tools.call(tool, ghost);
      const shown = (e: typeof answer) =>
        JSON.stringify({ success: e.success, data: e.data, code: e.error?.code, message: e.error?.message });
      expect(shown(answer), label).toBe(ghostAsB(shown(other), leafPairs(mine, ghost)));
      return;
    }
    if (answer.success) {
      expect(MAY_SUCCEED[tool], `${label}: a success must say why in MAY_SUCCEED`).toBeTruthy();
      return;
    }
    expect(REFUSED, label).toContain(answer.error?.code);
    expect(wordsIn(text, publicWords(w.ids), mine), label).toEqual([]);
    if (READS.has(tool)) refusedReads.push({ tool, args: mine, code: String(answer.error?.code) });
  });

  it('left B as it was: every row of B’s, and B’s user at the fake platform', async () => {
    const after = await w.snapshotB();
    for (const table of Object.keys(before.rows))
      expect(after.rows[table], table).toEqual(before.rows[table]);
    expect(after.platform).toEqual(before.platform);
    expect(w.aPostsWithBWords()).toEqual([]);
    const prompts = JSON.stringify(w.llm.calls.map((call) => [call.system, call.messages]));
    expect(privateWords(w.ids).filter((word) => prompts.includes(word))).toEqual([]);
  });

  it('answers B’s own tool server the reads A was refused (the ids are B’s indeed)', async () => {
    expect(refusedReads.length).toBeGreaterThan(5);
    for (const { tool, args, code } of refusedReads) {
      const answer = await w.bTools.call(tool, args);
      const label = `${tool} as B: ${JSON.stringify(answer.error)}`;
      // What A could not find B finds; where the platform forbade A, it lets B in (an ads campaign of
      // B's account may still not exist: B's account itself is reached).
      if (code === 'not_found') expect(answer.success, label).toBe(true);
      else expect(answer.error?.code, label).not.toBe(code);
    }
  });
});
