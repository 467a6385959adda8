// Every tool of every profile through a linked in-memory client/server pair: the profile lists exactly its
// tools (read-only profiles no mutation), each answers a valid call with a success envelope, and a
// malformed call (unknown parameter, missing or mistyped required one) with invalid_input; every answer
// matches the operation's declared output schema, and its structuredContent the tool's declared outputSchema.
// The same walk runs through the compact exposure: find_tools lists the profile's tools, describe_tool's
// input schema accepts each valid call and refuses each malformed one, and call_tool answers as a direct call.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import { TOOL_PROFILES, type ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { faceOutputSchema } from '../../src/operations/define-operation.js';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { connectTools, type ToolClient } from '../support/app-harness.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { writeMedia } from '../support/media-files.js';
import { answerProblems, compactionProblems } from './walk-checks.js';

const ME = '1000';
const ADS = '18ce54d4x5t';
const FUNDING = 'lygyi';
const LIVE_SPACE = '1DXxyRYNejbKM';
const TICKETED_SPACE = '1OdKrBnaEPXKX';
const COUNTS = { write: 112, admin: 139, readonly: 14, 'api-readonly': 45 } as const;

type Args = Record<string, unknown>;
type Step = [tool: string, args: Args | ((c: WalkContext) => Args | Promise<Args>)];

interface WalkContext {
  h: McpHarness;
  saved: Record<string, string>;
  /** Calls a tool for its side effect (setting up a later step) and returns its data. */
  // biome-ignore lint/suspicious/noExplicitAny: steps read whatever the tool answered.
  setup(tool: string, args: Args): Promise<any>;
}

const tweets = (c: WalkContext) => [...c.h.fake.state.tweets.values()];
const othersPost = (c: WalkContext) => tweets(c).find((t) => t.authorId !== ME && !t.retweetedTweetId)?.id;
const ownPost = (c: WalkContext) => tweets(c).find((t) => t.authorId === ME && !t.inReplyToTweetId)?.id;
const listNamed = (c: WalkContext, name: string) =>
  [...c.h.fake.state.lists.values()].find((l) => l.name === name)?.id;

/** Valid calls, in an order where each step's setup exists (creations before deletions). */
const SCRIPT: Step[] = [
  ['get_config', {}],
  ['validate_config', {}],
  ['get_capabilities', {}],
  ['health_check', {}],
  ['get_mode', {}],
  ['score_tweet', { tweet: { text: 'rust cli', created_at: '2026-11-22T11:50:00Z', author_followers: 10 } }],
  ['get_tweet_by_id', (c) => ({ tweet_id: othersPost(c) })],
  ['social_get_user_by_username', { username: 'dana_devrel' }],
  ['social_search_tweets', { query: 'composer' }],
  ['social_get_user_mentions', {}],
  ['social_get_user_tweets', { user_id: '1001' }],
  ['social_get_home_timeline', {}],
  ['social_get_followers', { user_id: ME }],
  ['social_get_following', { user_id: ME }],
  ['social_get_user_by_id', { user_id: '1001' }],
  ['social_get_liked_tweets', { user_id: ME }],
  ['social_get_bookmarks', {}],
  ['social_get_users_by_ids', { user_ids: [ME, '1001'] }],
  ['social_get_tweet_liking_users', (c) => ({ tweet_id: othersPost(c) })],
  ['social_get_me', {}],
  ['social_v2_tweets_lookup', (c) => ({ ids: [othersPost(c)] })],
  ['social_v2_tweets_quote_tweets', (c) => ({ id: tweets(c).find((t) => t.quotedTweetId)?.quotedTweetId })],
  [
    'social_v2_tweets_retweeted_by',
    (c) => ({ id: tweets(c).find((t) => t.retweetedTweetId)?.retweetedTweetId }),
  ],
  ['social_v2_tweets_counts_recent', { query: 'composer' }],
  ['social_v2_users_lookup_by_usernames', { usernames: 'app_owner,dana_devrel' }],
  ['social_v2_spaces_get', { id: LIVE_SPACE }],
  ['social_v2_spaces_lookup', { ids: [LIVE_SPACE] }],
  ['social_v2_spaces_by_creator', { user_ids: ['1001'] }],
  ['social_v2_spaces_search', { query: 'AMA' }],
  ['social_v2_spaces_buyers', { id: TICKETED_SPACE }],
  ['social_v2_spaces_tweets', { id: LIVE_SPACE }],
  ['social_v2_lists_get', (c) => ({ id: listNamed(c, 'Builders') })],
  ['social_v2_lists_members', (c) => ({ id: listNamed(c, 'Builders') })],
  ['social_v2_lists_followers', (c) => ({ id: listNamed(c, 'Builders') })],
  ['social_v2_lists_tweets', (c) => ({ id: listNamed(c, 'Builders') })],
  ['social_v2_lists_owned', { user_id: ME }],
  ['social_v2_lists_memberships', { user_id: '1004' }],
  ['social_v2_lists_pinned', { user_id: ME }],
  ['social_v2_mutes_list', { user_id: ME }],
  ['social_v2_blocks_list', { user_id: ME }],
  ['social_v2_dm_conversations', {}],
  ['social_v2_dm_conversation_by_id', { id: `${ME}-1002` }],
  ['social_v2_dm_events_by_conversation', { id: `${ME}-1002` }],
  ['social_v2_dm_events_by_participant', { participant_id: '1002' }],
  ['social_v2_dm_events', {}],
  // Mutations (write and admin).
  ['social_post_tweet', { text: 'walk: a post' }],
  ['social_reply_to_tweet', (c) => ({ text: 'walk: a reply', in_reply_to_id: othersPost(c) })],
  ['social_quote_tweet', (c) => ({ text: 'walk: a quote', quoted_tweet_id: othersPost(c) })],
  ['social_post_thread', { tweets: ['walk: one', 'walk: two'] }],
  [
    'social_delete_tweet',
    async (c) => ({ tweet_id: (await c.setup('social_post_tweet', { text: 'walk: gone' })).tweet_id }),
  ],
  ['social_post_tweet_dry_run', { text: 'walk: preview' }],
  ['social_post_thread_dry_run', { tweets: ['a', 'b'] }],
  ['compose_tweet', { content: 'walk: composed' }],
  [
    'social_upload_media',
    (c) => {
      // The tool reads only from the media folder (or [mcp_policy] upload_allowed_dirs).
      mkdirSync(join(c.h.home.dir, 'media'), { recursive: true });
      return { file_path: writeMedia(join(c.h.home.dir, 'media', 'walk.png'), 'png') };
    },
  ],
  ...['like_tweet', 'unlike_tweet', 'retweet', 'unretweet', 'bookmark_tweet', 'unbookmark_tweet'].map(
    (verb): Step => [`social_${verb}`, (c) => ({ tweet_id: othersPost(c) })],
  ),
  ['social_follow_user', { target_user_id: '1003' }],
  ['social_unfollow_user', { target_user_id: '1003' }],
  ['social_v2_users_pin_tweet', (c) => ({ user_id: ME, tweet_id: ownPost(c) })],
  ['social_v2_users_unpin_tweet', { user_id: ME }],
  [
    'social_v2_tweets_hide_reply',
    (c) => ({ id: tweets(c).find((t) => t.inReplyToUserId === ME && t.authorId !== ME)?.id, hidden: true }),
  ],
  [
    'social_v2_tweets_unhide_reply',
    (c) => ({ id: tweets(c).find((t) => t.inReplyToUserId === ME && t.authorId !== ME)?.id, hidden: false }),
  ],
  ['social_v2_mutes_create', { user_id: ME, target_user_id: '1003' }],
  ['social_v2_mutes_delete', { user_id: ME, target_user_id: '1003' }],
  ['social_v2_blocks_create', { user_id: ME, target_user_id: '1003' }],
  ['social_v2_blocks_delete', { user_id: ME, target_user_id: '1003' }],
  ['social_v2_lists_create', { name: 'Walk list' }],
  ['social_v2_lists_update', (c) => ({ id: listNamed(c, 'Walk list'), description: 'edited' })],
  ['social_v2_lists_members_add', (c) => ({ id: listNamed(c, 'Walk list'), user_id: '1002' })],
  ['social_v2_lists_members_remove', (c) => ({ id: listNamed(c, 'Walk list'), target_user_id: '1002' })],
  ['social_v2_lists_pin', (c) => ({ user_id: ME, list_id: listNamed(c, 'Walk list') })],
  ['social_v2_lists_unfollow', (c) => ({ user_id: ME, list_id: listNamed(c, 'Tech press') })],
  ['social_v2_lists_follow', (c) => ({ user_id: ME, list_id: listNamed(c, 'Tech press') })],
  ['social_v2_lists_delete', (c) => ({ id: listNamed(c, 'Walk list') })],
  ['social_v2_dm_send_in_conversation', { id: `${ME}-1002`, text: 'walk: hello' }],
  ['social_v2_dm_send_to_participant', { participant_id: '1004', text: 'walk: hi' }],
  ['social_v2_dm_create_group', { participant_ids: ['1002', '1004'], text: 'walk: group' }],
  // Approvals, generation, analytics, discovery and composites.
  ['list_pending_approvals', {}],
  ['get_pending_count', {}],
  [
    'approve_item',
    async (c) => ({ id: (await c.setup('compose_tweet', { content: 'walk: to approve' })).approval_id }),
  ],
  [
    'reject_item',
    async (c) => ({ id: (await c.setup('compose_tweet', { content: 'walk: to reject' })).approval_id }),
  ],
  ['approve_all', {}],
  ['generate_reply', (c) => ({ tweet_id: othersPost(c), context: 'curious' })],
  ['generate_tweet', { topic: 'release notes' }],
  ['generate_thread', { topic: 'release notes', num_tweets: 2 }],
  ['suggest_topics', { count: 3 }],
  ['get_stats', { days: 7 }],
  ['get_follower_trend', { days: 7 }],
  ['get_action_log', { limit: 5 }],
  ['get_action_counts', { period: 'day' }],
  ['get_recent_replies', { limit: 5 }],
  ['get_reply_count_today', {}],
  ['get_social_usage', {}],
  ['get_recent_mutations', { limit: 5 }],
  [
    'get_mutation_detail',
    async (c) => ({
      correlation_id: (await c.setup('get_recent_mutations', { limit: 1 }))[0]?.correlation_id,
    }),
  ],
  ['get_rate_limits', {}],
  ['get_policy_status', {}],
  ['get_mcp_tool_metrics', { days: 1 }],
  ['get_mcp_error_breakdown', { days: 1 }],
  ['find_reply_opportunities', { query: 'composer', min_score: 0 }],
  ['list_target_accounts', {}],
  ['list_unreplied_tweets', { min_score: 0 }],
  ['get_discovery_feed', { min_score: 0 }],
  ['draft_replies_for_candidates', (c) => ({ tweet_ids: [othersPost(c)] })],
  [
    'propose_and_queue_replies',
    (c) => ({
      drafts: [{ tweet_id: tweets(c).find((t) => t.authorId === '1003')?.id, text: 'walk: proposed' }],
    }),
  ],
  ['generate_thread_plan', { topic: 'queues', target_tweets: 2 }],
  ['get_author_context', { author_id: '1001' }],
  ['recommend_engagement_action', (c) => ({ tweet_id: othersPost(c) })],
  ['topic_performance_snapshot', { days: 30 }],
  // Admin: ads, compliance, stream rules, universal requests.
  ['social_ads_accounts', {}],
  ['social_ads_account_by_id', { account_id: ADS }],
  ['social_ads_funding_instruments', { account_id: ADS }],
  [
    'social_ads_analytics',
    {
      account_id: ADS,
      entity: 'ACCOUNT',
      entity_ids: [ADS],
      start_time: '2026-11-15T00:00:00Z',
      end_time: '2026-11-22T00:00:00Z',
      metric_groups: 'ENGAGEMENT',
    },
  ],
  ['social_ads_campaign_create', { account_id: ADS, name: 'Walk', funding_instrument_id: FUNDING }],
  ['social_ads_campaigns', { account_id: ADS }],
  ['social_ads_campaign_by_id', (c) => ({ account_id: ADS, campaign_id: campaignOf(c) })],
  ['social_ads_campaign_update', (c) => ({ account_id: ADS, campaign_id: campaignOf(c), status: 'ACTIVE' })],
  [
    'social_ads_line_item_create',
    (c) => ({
      account_id: ADS,
      campaign_id: campaignOf(c),
      bid_amount_local_micro: 1_500_000,
      product_type: 'PROMOTED_TWEETS',
      placements: ['ALL_ON_TWITTER'],
      objective: 'ENGAGEMENTS',
    }),
  ],
  ['social_ads_line_items', { account_id: ADS }],
  [
    'social_ads_promoted_tweet_create',
    (c) => ({ account_id: ADS, line_item_id: lineItemOf(c), tweet_ids: [ownPost(c)] }),
  ],
  ['social_ads_promoted_tweets', { account_id: ADS }],
  [
    'social_ads_targeting_create',
    (c) => ({
      account_id: ADS,
      line_item_id: lineItemOf(c),
      targeting_type: 'LOCATION',
      targeting_value: '96683cc9126741d1',
    }),
  ],
  ['social_ads_targeting_criteria', { account_id: ADS }],
  [
    'social_ads_targeting_delete',
    (c) => ({ account_id: ADS, id: [...c.h.fake.state.ads.targetingCriteria.keys()][0] }),
  ],
  ['social_ads_campaign_delete', (c) => ({ account_id: ADS, campaign_id: campaignOf(c) })],
  ['social_v2_compliance_job_create', { type: 'users', name: 'walk' }],
  ['social_v2_compliance_jobs', { type: 'users' }],
  ['social_v2_compliance_job_by_id', (c) => ({ id: [...c.h.fake.state.complianceJobs.keys()][0] })],
  ['social_v2_usage_tweets', {}],
  ['social_v2_stream_rules_add', { rules: [{ value: 'walk' }] }],
  ['social_v2_stream_rules_list', {}],
  ['social_v2_stream_rules_delete', (c) => ({ rule_ids: [...c.h.fake.state.streamRules.keys()] })],
  ['social_get', { endpoint: '/2/users/me' }],
  ['social_post', { endpoint: '/2/tweets', body: { text: 'walk: raw post' } }],
  [
    'social_put',
    (c) => ({ endpoint: `/2/lists/${listNamed(c, 'Builders')}`, body: { description: 'raw edit' } }),
  ],
  [
    'social_delete',
    async (c) => ({
      endpoint: `/2/tweets/${(await c.setup('social_post_tweet', { text: 'walk: raw gone' })).tweet_id}`,
    }),
  ],
];

const campaignOf = (c: WalkContext) => [...c.h.fake.state.ads.campaigns.keys()][0];
const lineItemOf = (c: WalkContext) => [...c.h.fake.state.ads.lineItems.keys()][0];

/** A malformed call for the tool: an unknown parameter; a required one missing; a wrong type. */
function malformed(tool: string): Args[] {
  const op = profileTools('admin')
    .concat(profileTools('api-readonly'))
    .find((o) => o.tool.name === tool);
  const schema = z.toJSONSchema(op?.input ?? z.object({}), { io: 'input' }) as {
    required?: string[];
    properties?: Record<string, { type?: string; default?: unknown }>;
  };
  const required = (schema.required ?? []).filter((k) => schema.properties?.[k]?.default === undefined);
  return [
    { not_a_parameter: true },
    ...(required.length ? [{}, { [required[0] as string]: { nested: 'wrong type' } }] : []),
  ];
}

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
  // Every generation gets a short two-part answer: a valid reply or post, and a valid two-card thread.
  llm.script.reply('Nice work on this.\n---\nHere is why it matters.', { times: Number.POSITIVE_INFINITY });
});
afterAll(async () => llm.close());

const byTool = new Map(TOOL_PROFILES.flatMap((p) => profileTools(p)).map((op) => [op.tool.name, op]));
/** Routed, dry-run and duplicate answers are the gateway's payloads, not the operation's result. */
const gatewayPayload = (data: unknown) =>
  typeof data === 'object' &&
  data !== null &&
  ('routed_to_approval' in data || 'dry_run' in data || 'duplicate' in data);

type Exposure = 'full' | 'compact';
type RawAnswer = Awaited<ReturnType<McpHarness['client']['callTool']>>;

/** How the walk reaches a tool: directly, or through the compact exposure's meta tools. */
interface Route {
  names(): Promise<string[]>;
  invoke(tool: string, args: Args): Promise<RawAnswer>;
  /** Problems an agent following describe_tool would meet with these arguments (compact only). */
  described(tool: string, args: Args, valid: boolean): Promise<string[]>;
  close(): Promise<void>;
}

async function routeFor(h: McpHarness, profile: ToolProfile, exposure: Exposure): Promise<Route> {
  if (exposure === 'full') {
    return {
      names: async () => (await h.client.listTools()).tools.map((t) => t.name),
      invoke: (tool, args) => h.client.callTool({ name: tool, arguments: args }),
      described: async () => [],
      close: async () => undefined,
    };
  }
  const compact: ToolClient = await connectTools(h.app, profile, 'compact');
  const inputs = new Map<string, z.ZodType>();
  return {
    async names() {
      const listed = (await compact.client.listTools()).tools.map((t) => t.name);
      expect(listed).toEqual(['find_tools', 'describe_tool', 'call_tool']);
      const found = await compact.call('find_tools', {});
      return found.data.map((t: { name: string }) => t.name);
    },
    invoke: (tool, args) =>
      compact.client.callTool({ name: 'call_tool', arguments: { name: tool, arguments: args } }),
    async described(tool, args, valid) {
      let input = inputs.get(tool);
      if (!input) {
        const described = await compact.call('describe_tool', { name: tool });
        input = z.fromJSONSchema(described.data.inputSchema);
        inputs.set(tool, input);
      }
      return input.safeParse(args).success === valid
        ? []
        : [`${tool}: describe_tool's input schema ${valid ? 'refuses' : 'accepts'} ${JSON.stringify(args)}`];
    },
    close: () => compact.close(),
  };
}

const WALKS = TOOL_PROFILES.flatMap((profile) =>
  (['full', 'compact'] as const).map((exposure) => [profile, exposure] as const),
);

describe.each(WALKS)('profile %s, %s exposure', (profile: ToolProfile, exposure: Exposure) => {
  it('lists its tools, answers each valid call with success and each malformed one with invalid_input', async () => {
    const h = await startMcpHarness({
      profile,
      config: {
        business: { product_name: 'Composer', product_keywords: ['composer', 'rust'] },
        llm: { provider: 'openai', api_key: 'test-key', base_url: llm.openaiBaseUrl },
        limits: {
          max_tweets_per_day: 50,
          max_replies_per_day: 50,
          max_threads_per_week: 10,
          max_replies_per_author_per_day: 10,
        },
        mcp_policy: { require_approval_for: [], max_mutations_per_hour: 1000 },
      },
    });
    h.fake.state.enableAds(ME);
    const route = await routeFor(h, profile, exposure);
    try {
      const names = await route.names();
      expect(names).toHaveLength(COUNTS[profile]);
      if (profile === 'readonly' || profile === 'api-readonly') {
        expect(
          profileTools(profile)
            .filter((op) => op.mutation)
            .map((op) => op.tool.name),
        ).toEqual([]);
      }
      const context: WalkContext = {
        h,
        saved: {},
        async setup(tool, args) {
          const result = await h.call(tool, args);
          expect(result.success, `setup ${tool}: ${result.error?.message}`).toBe(true);
          return result.data;
        },
      };
      const listed = new Set(names);
      const scripted = new Set(SCRIPT.map(([tool]) => tool));
      expect([...listed].filter((name) => !scripted.has(name))).toEqual([]);
      const failures: string[] = [];
      for (const [tool, args] of SCRIPT) {
        if (!listed.has(tool)) continue;
        const resolved = typeof args === 'function' ? await args(context) : args;
        failures.push(...(await route.described(tool, resolved, true)));
        const raw = await route.invoke(tool, resolved);
        const result = (raw.structuredContent ?? {}) as Envelope;
        const declared = byTool.get(tool);
        if (declared)
          failures.push(...answerProblems(declared, raw), ...compactionProblems(declared, resolved));
        if (!result.success) failures.push(`${tool}: ${result.error?.code} ${result.error?.message}`);
        else {
          // Every answer is what the operation declares (the gateway's own payloads aside).
          const op = byTool.get(tool);
          const checked = op ? faceOutputSchema(op, 'tool').safeParse(result.data) : undefined;
          if (checked && !checked.success && !gatewayPayload(result.data)) {
            failures.push(
              `${tool}: answer does not match its output schema: ${checked.error.message.slice(0, 300)}`,
            );
          }
        }
        for (const bad of malformed(tool)) {
          if (declared) failures.push(...compactionProblems(declared, bad));
          failures.push(...(await route.described(tool, bad, false)));
          const refused = (await route.invoke(tool, bad)).structuredContent as Envelope;
          if (refused.error?.code !== 'invalid_input')
            failures.push(`${tool} with ${JSON.stringify(bad)}: ${refused.error?.code ?? 'success'}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await route.close();
      await h.close();
    }
  });
});
