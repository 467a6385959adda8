// The registered tools against the contract: exactly the reference catalog's membership per profile, its
// categories and mutation flags; the spec's parameter lists (name and required-ness, normative); for tools
// the spec does not detail, the catalog's parameters. Extra parameters must be optional.

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOOL_PROFILES } from '../../src/contracts/tools/tool-binding.js';
import { faceInput } from '../../src/operations/define-operation.js';
import { profileTools, type ToolOperation } from '../../src/surfaces/mcp/profile-tools.js';
import catalog from '../fixtures/tool-catalog.json' with { type: 'json' };

/**
 * The spec's tool tables: `name*` is required; `...` means "plus fields the spec leaves open" (ads create
 * and job fields), checked against the catalog; `?...` means the spec makes all its fields optional.
 */
const SPEC: Record<string, string[]> = {
  get_tweet_by_id: ['tweet_id*'],
  social_get_user_by_username: ['username*'],
  social_search_tweets: ['query*', 'max_results', 'since_id'],
  social_get_user_mentions: ['since_id'],
  social_get_user_tweets: ['user_id*', 'max_results'],
  social_get_home_timeline: ['max_results', 'since_id'],
  social_get_followers: ['user_id*', 'max_results'],
  social_get_following: ['user_id*', 'max_results'],
  social_get_user_by_id: ['user_id*'],
  social_get_liked_tweets: ['user_id*', 'max_results'],
  social_get_bookmarks: ['max_results'],
  social_get_users_by_ids: ['user_ids*'],
  social_get_tweet_liking_users: ['tweet_id*', 'max_results'],
  social_get_me: [],
  social_post_tweet: ['text*', 'media_ids'],
  social_reply_to_tweet: ['text*', 'in_reply_to_id*'],
  social_quote_tweet: ['text*', 'quoted_tweet_id*'],
  social_delete_tweet: ['tweet_id*'],
  social_post_thread: ['tweets*', 'media_ids'],
  compose_tweet: ['content*', 'content_type', 'scheduled_for'],
  social_like_tweet: ['tweet_id*'],
  social_unlike_tweet: ['tweet_id*'],
  social_follow_user: ['target_user_id*'],
  social_unfollow_user: ['target_user_id*'],
  social_retweet: ['tweet_id*'],
  social_unretweet: ['tweet_id*'],
  social_bookmark_tweet: ['tweet_id*'],
  social_unbookmark_tweet: ['tweet_id*'],
  social_upload_media: ['file_path*', 'media_type'],
  score_tweet: ['tweet*'],
  get_config: [],
  validate_config: [],
  get_capabilities: [],
  health_check: [],
  get_mode: [],
  get_stats: ['days'],
  get_follower_trend: ['days'],
  get_action_log: ['limit'],
  get_action_counts: ['period'],
  get_recent_replies: ['limit'],
  get_reply_count_today: [],
  get_social_usage: [],
  list_pending_approvals: ['limit'],
  get_pending_count: [],
  approve_item: ['id*'],
  reject_item: ['id*'],
  approve_all: [],
  generate_reply: ['tweet_id*', 'context'],
  generate_tweet: ['topic', 'style'],
  generate_thread: ['topic*', 'num_tweets'],
  suggest_topics: ['count'],
  list_target_accounts: [],
  list_unreplied_tweets: ['limit', 'min_score'],
  get_discovery_feed: ['limit', 'min_score'],
  get_rate_limits: [],
  get_policy_status: [],
  get_author_context: ['author_id*'],
  recommend_engagement_action: ['tweet_id*'],
  topic_performance_snapshot: ['days'],
  get_mcp_tool_metrics: ['days'],
  get_mcp_error_breakdown: ['days'],
  find_reply_opportunities: ['query', 'min_score', 'limit'],
  draft_replies_for_candidates: ['tweet_ids*'],
  propose_and_queue_replies: ['drafts*'],
  generate_thread_plan: ['topic*', 'target_tweets'],
  social_v2_dm_conversations: ['max_results', 'pagination_token', 'dm_event_fields', 'expansions'],
  social_v2_dm_conversation_by_id: ['id*', 'dm_event_fields', 'expansions'],
  social_v2_dm_events_by_conversation: [
    'id*',
    'max_results',
    'pagination_token',
    'dm_event_fields',
    'expansions',
  ],
  social_v2_dm_events_by_participant: [
    'participant_id*',
    'max_results',
    'pagination_token',
    'dm_event_fields',
    'expansions',
  ],
  social_v2_dm_events: ['max_results', 'pagination_token', 'dm_event_fields', 'expansions'],
  social_v2_dm_send_in_conversation: ['id*', 'text*', 'attachments'],
  social_v2_dm_send_to_participant: ['participant_id*', 'text*', 'attachments'],
  social_v2_dm_create_group: ['participant_ids*', 'text*', 'attachments'],
  social_ads_accounts: ['account_id'],
  social_ads_account_by_id: ['account_id*'],
  social_ads_campaigns: ['account_id*'],
  social_ads_line_items: ['account_id*'],
  social_ads_promoted_tweets: ['account_id*'],
  social_ads_targeting_criteria: ['account_id*'],
  social_ads_analytics: ['account_id*'],
  social_ads_funding_instruments: ['account_id*'],
  social_ads_campaign_by_id: ['account_id*', 'campaign_id*'],
  social_ads_campaign_create: ['account_id*', '...'],
  social_ads_campaign_update: ['account_id*', 'campaign_id*', '...'],
  social_ads_campaign_delete: ['account_id*', 'campaign_id*'],
  social_ads_line_item_create: ['account_id*', '...'],
  social_ads_promoted_tweet_create: ['account_id*', '...'],
  social_ads_targeting_create: ['account_id*', '...'],
  social_ads_targeting_delete: ['account_id*', 'id*'],
  social_v2_compliance_job_by_id: ['id*'],
  social_v2_compliance_jobs: ['?...'],
  social_v2_usage_tweets: ['?...'],
  social_v2_compliance_job_create: ['...'],
  social_v2_stream_rules_list: [],
  social_v2_stream_rules_add: ['rules*'],
  social_v2_stream_rules_delete: ['rule_ids*'],
  social_get: ['endpoint*', 'query_params'],
  social_post: ['endpoint*', 'body'],
  social_put: ['endpoint*', 'body'],
  social_delete: ['endpoint*'],
};

interface CatalogTool {
  name: string;
  category: string;
  mutation: boolean;
  profiles: string[];
  params: Array<{ name: string; required: boolean }>;
}
const CATALOG = catalog as CatalogTool[];

/** Parameter name → required, from the tool's input schema as agents see it. */
function paramsOf(op: ToolOperation): Map<string, boolean> {
  const schema = z.toJSONSchema(faceInput(op, 'tool'), { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { default?: unknown }>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  return new Map(
    Object.entries(schema.properties ?? {}).map(([name, prop]) => [
      name,
      required.has(name) && prop.default === undefined,
    ]),
  );
}

const catalogParams = (name: string) =>
  new Map(CATALOG.find((t) => t.name === name)?.params.map((p) => [p.name, p.required]) ?? []);

const all = new Map(TOOL_PROFILES.flatMap((p) => profileTools(p)).map((op) => [op.tool.name, op]));

describe('tool catalog conformance', () => {
  it.each(TOOL_PROFILES)('profile %s registers exactly the catalog membership', (profile) => {
    const ours = profileTools(profile).map((op) => op.tool.name);
    const theirs = CATALOG.filter((t) => t.profiles.includes(profile))
      .map((t) => t.name)
      .sort();
    expect(ours).toEqual(theirs);
  });

  it('each tool has the catalog category and mutation flag', () => {
    const mismatches = CATALOG.flatMap((t) => {
      const op = all.get(t.name);
      if (!op) return [`${t.name}: missing`];
      return [
        ...(op.tool.category === t.category
          ? []
          : [`${t.name}: category ${op.tool.category} ≠ ${t.category}`]),
        ...(op.mutation === t.mutation ? [] : [`${t.name}: mutation ${op.mutation} ≠ ${t.mutation}`]),
      ];
    });
    expect(mismatches).toEqual([]);
  });

  it("the spec's parameter lists hold: names, required-ness, and only optional extras", () => {
    const problems = Object.entries(SPEC).flatMap(([name, spec]) => {
      const op = all.get(name);
      if (!op) return [`${name}: not registered`];
      const ours = paramsOf(op);
      const listed = spec.filter((p) => !p.endsWith('...'));
      const wanted = new Map(listed.map((p) => [p.replace('*', ''), p.endsWith('*')]));
      if (spec.includes('...'))
        for (const [param, required] of catalogParams(name))
          if (!wanted.has(param)) wanted.set(param, required);
      if (spec.includes('?...')) for (const [param] of catalogParams(name)) wanted.set(param, false);
      return [
        ...[...wanted].flatMap(([param, required]) =>
          !ours.has(param)
            ? [`${name}.${param}: missing`]
            : ours.get(param) !== required
              ? [`${name}.${param}: required ${ours.get(param)} (spec: ${required})`]
              : [],
        ),
        ...[...ours].flatMap(([param, required]) =>
          !wanted.has(param) && required ? [`${name}.${param}: extra parameter must be optional`] : [],
        ),
      ];
    });
    expect(problems).toEqual([]);
  });

  it("tools the spec does not detail take the catalog's parameters", () => {
    const problems = CATALOG.filter((t) => !(t.name in SPEC)).flatMap((t) => {
      const op = all.get(t.name);
      if (!op) return [`${t.name}: not registered`];
      const ours = paramsOf(op);
      return t.params.flatMap((p) =>
        !ours.has(p.name)
          ? [`${t.name}.${p.name}: missing`]
          : ours.get(p.name) !== p.required
            ? [`${t.name}.${p.name}: required ${ours.get(p.name)} (catalog: ${p.required})`]
            : [],
      );
    });
    expect(problems).toEqual([]);
  });
});
