// The 67 endpoint-table tools end to end: each one called through the tool server of a profile that lists
// it, against the fake platform over HTTP, with its effect checked on the fake and mutations in the audit.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_TOOL_DEFINITIONS } from '../../src/contracts/tools/endpoint-tools.js';
import type { ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

const ME = '1000';
const ADS = '18ce54d4x5t';
const FUNDING = 'lygyi';

let h: McpHarness;
const succeeded = new Set<string>();

/** Calls a tool, expects success, and remembers that it worked. */
async function ok(name: string, args: Record<string, unknown> = {}) {
  const envelope = await h.call(name, args);
  expect(envelope.error, `${name}: ${envelope.error?.message}`).toBeUndefined();
  expect(envelope.success).toBe(true);
  succeeded.add(name);
  return envelope;
}

function auditRows(tool: string) {
  return sqliteOf(h.app.deps.database)
    .sqlite.prepare(
      'SELECT status, policy_decision, face, params FROM mutation_audit WHERE tool_name = ? ORDER BY id',
    )
    .all(tool) as Array<{ status: string; policy_decision: string; face: string; params: string }>;
}

const tweets = () => [...h.fake.state.tweets.values()];
const listNamed = (name: string) => [...h.fake.state.lists.values()].find((list) => list.name === name);

beforeAll(async () => {
  h = await startMcpHarness({
    profile: 'admin',
    config: { mcp_policy: { max_mutations_per_hour: 500 } },
  });
  h.fake.state.enableAds(ME);
});
afterAll(async () => {
  await h.close();
});

describe('profiles', () => {
  it('lists exactly the catalog members of each profile', async () => {
    const catalog = JSON.parse(readFileSync('test/fixtures/tool-catalog.json', 'utf8')) as Array<{
      name: string;
      profiles: string[];
    }>;
    const ours = new Set(ENDPOINT_TOOL_DEFINITIONS.map((def) => def.name));
    expect(ours.size).toBe(67);
    for (const profile of ['write', 'admin', 'readonly', 'api-readonly'] as ToolProfile[]) {
      const server = profile === 'admin' ? h : await startMcpHarness({ profile, login: false });
      const { tools } = await server.client.listTools();
      const listed = tools.map((t) => t.name).filter((name) => ours.has(name));
      const expected = catalog
        .filter((t) => ours.has(t.name) && t.profiles.includes(profile))
        .map((t) => t.name);
      expect(listed.sort(), profile).toEqual(expected.sort());
      if (server !== h) await server.close();
    }
  });
});

describe('posts, users and spaces', () => {
  it('looks up posts, quotes, reposters, counts and users', async () => {
    const quoted = tweets().find((t) => t.quotedTweetId)?.quotedTweetId as string;
    const reposted = tweets().find((t) => t.retweetedTweetId)?.retweetedTweetId as string;
    const lookup = await ok('social_v2_tweets_lookup', {
      ids: [quoted, reposted],
      tweet_fields: 'created_at',
    });
    expect(lookup.data.data.map((t: { id: string }) => t.id).sort()).toEqual([quoted, reposted].sort());
    expect(lookup.data.data[0].created_at).toMatch(/Z$/);
    const quotes = await ok('social_v2_tweets_quote_tweets', { id: quoted });
    expect(quotes.data.data[0].text).toContain('--yes flag');
    const reposters = await ok('social_v2_tweets_retweeted_by', { id: reposted });
    expect(reposters.data.data.map((u: { id: string }) => u.id)).toContain('1002');
    const counts = await ok('social_v2_tweets_counts_recent', { query: 'composer', granularity: 'day' });
    expect(counts.data.meta.total_tweet_count).toBeGreaterThan(0);
    const users = await ok('social_v2_users_lookup_by_usernames', { usernames: 'app_owner,dana_devrel' });
    expect(users.data.data.map((u: { id: string }) => u.id)).toEqual([ME, '1001']);
  });

  it('reads spaces by id, ids, creator, title, buyers and shared posts', async () => {
    const live = '1DXxyRYNejbKM';
    const ticketed = '1OdKrBnaEPXKX';
    const space = await ok('social_v2_spaces_get', { id: live, space_fields: 'title,participant_count' });
    expect(space.data.data).toMatchObject({ title: 'Docs as a product', participant_count: 214 });
    expect((await ok('social_v2_spaces_lookup', { ids: [live, ticketed] })).data.data).toHaveLength(2);
    expect((await ok('social_v2_spaces_by_creator', { user_ids: ['1001'] })).data.data[0].id).toBe(live);
    const search = await ok('social_v2_spaces_search', { query: 'AMA', state: 'scheduled' });
    expect(search.data.data[0].id).toBe(ticketed);
    const buyers = await ok('social_v2_spaces_buyers', { id: ticketed });
    expect(buyers.data.data.map((u: { id: string }) => u.id).sort()).toEqual(['1002', '1004']);
    expect((await ok('social_v2_spaces_tweets', { id: live })).data.data).toHaveLength(1);
  });

  it('pins and unpins a post, hides and unhides a reply', async () => {
    const own = tweets().find((t) => t.authorId === ME && !t.inReplyToTweetId && !t.quotedTweetId);
    const reply = tweets().find((t) => t.authorId === '1002' && t.inReplyToUserId === ME);
    await ok('social_v2_users_pin_tweet', { user_id: ME, tweet_id: own?.id });
    expect(h.fake.state.users.get(ME)?.pinnedTweetId).toBe(own?.id);
    await ok('social_v2_users_unpin_tweet', { user_id: ME });
    expect(h.fake.state.users.get(ME)?.pinnedTweetId).toBeUndefined();
    expect((await ok('social_v2_tweets_hide_reply', { id: reply?.id, hidden: true })).data.data.hidden).toBe(
      true,
    );
    expect(reply?.hidden).toBe(true);
    await ok('social_v2_tweets_unhide_reply', { id: reply?.id, hidden: false });
    expect(reply?.hidden).toBe(false);
    expect(auditRows('social_v2_users_pin_tweet')).toEqual([
      expect.objectContaining({ status: 'success', policy_decision: 'allowed', face: 'mcp' }),
    ]);
  });

  it('mutes and blocks, listing them in between', async () => {
    for (const [kind, target] of [
      ['mutes', '1003'],
      ['blocks', '1010'],
    ] as const) {
      await ok(`social_v2_${kind}_create`, { user_id: ME, target_user_id: target });
      const listed = await ok(`social_v2_${kind}_list`, { user_id: ME, max_results: 10 });
      expect(listed.data.data.map((u: { id: string }) => u.id)).toContain(target);
      await ok(`social_v2_${kind}_delete`, { user_id: ME, target_user_id: target });
      expect((await ok(`social_v2_${kind}_list`, { user_id: ME })).data.data ?? []).toEqual([]);
    }
  });
});

describe('lists', () => {
  it('reads lists, their members, followers and posts', async () => {
    const builders = listNamed('Builders')?.id;
    expect((await ok('social_v2_lists_get', { id: builders })).data.data.name).toBe('Builders');
    expect(
      (await ok('social_v2_lists_members', { id: builders, max_results: 2 })).meta?.pagination,
    ).toMatchObject({
      result_count: 2,
      has_more: true,
    });
    expect((await ok('social_v2_lists_followers', { id: builders })).data.data[0].id).toBe('1002');
    expect((await ok('social_v2_lists_tweets', { id: builders })).data.data.length).toBeGreaterThan(0);
    expect((await ok('social_v2_lists_owned', { user_id: ME })).data.data.length).toBeGreaterThan(0);
    expect((await ok('social_v2_lists_memberships', { user_id: '1004' })).data.data[0].id).toBe(builders);
    expect((await ok('social_v2_lists_pinned', { user_id: ME })).data.data[0].id).toBe(builders);
  });

  it('creates, edits, fills, pins, follows and deletes a list', async () => {
    const created = await ok('social_v2_lists_create', { name: 'Launch crew', description: 'Day one' });
    const id = created.data.data.id as string;
    await ok('social_v2_lists_update', { id, description: 'People who helped', private: true });
    expect(h.fake.state.lists.get(id)).toMatchObject({ description: 'People who helped', private: true });
    await ok('social_v2_lists_members_add', { id, user_id: '1002' });
    expect([...(h.fake.state.lists.get(id)?.members ?? [])]).toEqual(['1002']);
    await ok('social_v2_lists_members_remove', { id, target_user_id: '1002' });
    expect(h.fake.state.lists.get(id)?.members.size).toBe(0);
    await ok('social_v2_lists_pin', { user_id: ME, list_id: id });
    expect(h.fake.state.pinnedLists.of(ME)).toContain(id);
    const press = listNamed('Tech press')?.id;
    await ok('social_v2_lists_unfollow', { user_id: ME, list_id: press });
    expect(h.fake.state.lists.get(press ?? '')?.followers.has(ME)).toBe(false);
    await ok('social_v2_lists_follow', { user_id: ME, list_id: press });
    expect(h.fake.state.lists.get(press ?? '')?.followers.has(ME)).toBe(true);
    await ok('social_v2_lists_delete', { id });
    expect(h.fake.state.lists.has(id)).toBe(false);
  });
});

describe('direct messages', () => {
  it('reads conversations and events, paging through meta.pagination', async () => {
    const conversations = await ok('social_v2_dm_conversations');
    expect(conversations.data.data.map((c: { id: string }) => c.id)).toContain(`${ME}-1002`);
    expect((await ok('social_v2_dm_conversation_by_id', { id: `${ME}-1002` })).data.data.type).toBe(
      'OneToOne',
    );
    const first = await ok('social_v2_dm_events_by_conversation', { id: `${ME}-1002`, max_results: 2 });
    expect(first.data.data).toHaveLength(2);
    const next = first.meta?.pagination as { next_token: string; has_more: boolean };
    expect(next.has_more).toBe(true);
    const second = await ok('social_v2_dm_events_by_conversation', {
      id: `${ME}-1002`,
      max_results: 2,
      pagination_token: next.next_token,
      dm_event_fields: ['sender_id', 'created_at'],
    });
    expect(second.data.data).toEqual([
      expect.objectContaining({ text: 'Hey! Saw your composer post.', sender_id: '1002' }),
    ]);
    const withSam = await ok('social_v2_dm_events_by_participant', { participant_id: '1002' });
    expect(withSam.data.data).toHaveLength(3);
    expect((await ok('social_v2_dm_events')).data.data).toHaveLength(4);
  });

  it('sends into a conversation, to a person and to a new group, each audited', async () => {
    const before = h.fake.state.dmEvents.length;
    const sent = await ok('social_v2_dm_send_in_conversation', {
      id: `${ME}-1002`,
      text: 'Beta link inside',
    });
    expect(sent.data.data.dm_conversation_id).toBe(`${ME}-1002`);
    await ok('social_v2_dm_send_to_participant', { participant_id: '1004', text: 'Hi Ian!' });
    const group = await ok('social_v2_dm_create_group', {
      participant_ids: ['1002', '1004'],
      text: 'Welcome',
    });
    const groupId = group.data.data.dm_conversation_id as string;
    expect(h.fake.state.dmConversations.get(groupId)?.participantIds).toEqual([ME, '1002', '1004']);
    expect(h.fake.state.dmEvents.slice(before).map((e) => e.text)).toEqual([
      'Beta link inside',
      'Hi Ian!',
      'Welcome',
    ]);
    const [row] = auditRows('social_v2_dm_send_to_participant');
    expect(row).toMatchObject({ status: 'success', policy_decision: 'allowed' });
    expect(JSON.parse(row?.params ?? '{}')).toEqual({ participant_id: '1004', text: 'Hi Ian!' });
  });
});

describe('ads', () => {
  it('reads accounts, funding and analytics', async () => {
    expect((await ok('social_ads_accounts')).data.data[0].id).toBe(ADS);
    expect((await ok('social_ads_accounts', { account_id: 'nope1' })).data.total_count).toBe(0);
    expect((await ok('social_ads_account_by_id', { account_id: ADS })).data.data.name).toBe('App Owner Ads');
    expect((await ok('social_ads_funding_instruments', { account_id: ADS })).data.data[0].id).toBe(FUNDING);
    const stats = await ok('social_ads_analytics', {
      account_id: ADS,
      entity: 'ACCOUNT',
      entity_ids: [ADS],
      start_time: '2026-11-15T00:00:00Z',
      end_time: '2026-11-22T00:00:00Z',
      metric_groups: 'ENGAGEMENT',
    });
    expect(stats.data.request.params.granularity).toBe('DAY');
  });

  it('runs a campaign from creation to deletion, every step audited', async () => {
    const campaign = await ok('social_ads_campaign_create', {
      account_id: ADS,
      name: 'Launch week',
      funding_instrument_id: FUNDING,
      daily_budget_amount_local_micro: 5_000_000,
    });
    const campaignId = campaign.data.data.id as string;
    expect(campaign.data.data.entity_status).toBe('PAUSED');
    await ok('social_ads_campaign_update', { account_id: ADS, campaign_id: campaignId, status: 'ACTIVE' });
    const one = await ok('social_ads_campaign_by_id', { account_id: ADS, campaign_id: campaignId });
    expect(one.data.data.entity_status).toBe('ACTIVE');
    expect((await ok('social_ads_campaigns', { account_id: ADS })).data.total_count).toBe(1);
    const item = await ok('social_ads_line_item_create', {
      account_id: ADS,
      campaign_id: campaignId,
      bid_amount_local_micro: 1_500_000,
      product_type: 'PROMOTED_TWEETS',
      placements: ['ALL_ON_TWITTER'],
      objective: 'ENGAGEMENTS',
    });
    const lineItemId = item.data.data.id as string;
    expect(
      (await ok('social_ads_line_items', { account_id: ADS, campaign_ids: [campaignId] })).data.total_count,
    ).toBe(1);
    const own = tweets().find((t) => t.authorId === ME) ?? { id: '' };
    await ok('social_ads_promoted_tweet_create', {
      account_id: ADS,
      line_item_id: lineItemId,
      tweet_ids: [own.id],
    });
    const promoted = await ok('social_ads_promoted_tweets', { account_id: ADS, line_item_ids: lineItemId });
    expect(promoted.data.data[0].tweet_id).toBe(own.id);
    const criterion = await ok('social_ads_targeting_create', {
      account_id: ADS,
      line_item_id: lineItemId,
      targeting_type: 'LOCATION',
      targeting_value: '96683cc9126741d1',
    });
    expect((await ok('social_ads_targeting_criteria', { account_id: ADS })).data.total_count).toBe(1);
    await ok('social_ads_targeting_delete', { account_id: ADS, id: criterion.data.data.id });
    await ok('social_ads_campaign_delete', { account_id: ADS, campaign_id: campaignId });
    expect(h.fake.state.ads.campaigns.get(campaignId)?.deleted).toBe(true);
    for (const tool of [
      'social_ads_campaign_create',
      'social_ads_line_item_create',
      'social_ads_campaign_delete',
    ]) {
      expect(auditRows(tool), tool).toEqual([
        expect.objectContaining({ status: 'success', policy_decision: 'allowed' }),
      ]);
    }
  });
});

describe('compliance and stream rules', () => {
  it('creates and reads compliance jobs and usage', async () => {
    const job = await ok('social_v2_compliance_job_create', { type: 'users', name: 'weekly sweep' });
    const id = job.data.data.id as string;
    expect(job.data.data.upload_url).toMatch(/^https:/);
    expect((await ok('social_v2_compliance_job_by_id', { id })).data.data.status).toBe('created');
    expect((await ok('social_v2_compliance_jobs', { type: 'users' })).data.data[0].id).toBe(id);
    expect((await ok('social_v2_compliance_jobs')).data.meta.result_count).toBe(0);
    const usage = await ok('social_v2_usage_tweets', { days: 3 });
    expect(usage.data.data.daily_project_usage.usage).toHaveLength(3);
  });

  it('adds rules, lists them, and deletes them with the body the tool builds', async () => {
    const added = await ok('social_v2_stream_rules_add', {
      rules: [{ value: 'from:app_owner', tag: 'mine' }, { value: 'composer' }],
    });
    expect(added.data.meta.summary).toMatchObject({ created: 2, invalid: 0 });
    const ids = added.data.data.map((rule: { id: string }) => rule.id) as string[];
    const listed = await ok('social_v2_stream_rules_list');
    expect(listed.data.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'from:app_owner', tag: 'mine' })]),
    );
    const deleted = await ok('social_v2_stream_rules_delete', { rule_ids: ids.join(',') });
    // The fake deletes only for {"delete":{"ids":[...]}}: an add-shaped or flat body would fail.
    expect(deleted.data.meta.summary).toEqual({ deleted: 2, not_deleted: 0 });
    expect(h.fake.state.streamRules.size).toBe(0);
    const request = h.fake.requests.filter((r) => r.path === '/2/tweets/search/stream/rules').at(-1);
    expect(request).toMatchObject({ method: 'POST', status: 200 });
    expect(auditRows('social_v2_stream_rules_delete')).toEqual([
      expect.objectContaining({ status: 'success', policy_decision: 'allowed' }),
    ]);
  });
});

describe('coverage', () => {
  it('called every one of the 67 tools successfully', () => {
    const missing = ENDPOINT_TOOL_DEFINITIONS.map((def) => def.name).filter((name) => !succeeded.has(name));
    expect(missing).toEqual([]);
  });
});
