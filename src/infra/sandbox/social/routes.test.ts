// The wider route families against the fake: DMs, lists, spaces, moderation, stream rules, usage and ads.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../../test/support/fake-social-client.js';
import { type FakeSocial, startFakeSocial } from './server.js';

type Row = Record<string, unknown>;
/** Loose view of a reply: `data` is read as an object or as a list, depending on the route. */
type Body = Row & { data: Row & Row[]; meta?: Row; errors?: unknown[] };
let fake: FakeSocial;
let api: Client;

beforeAll(async () => {
  fake = await startFakeSocial();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.state.reset();
  api = client(fake.url, fake.state.issueToken({ scopes: fake.state.allScopes() }).accessToken);
});

describe('direct messages', () => {
  it('sends to a participant and reads the conversation back', async () => {
    const sent = await api.post<Body>('/2/dm_conversations/with/1003/messages', { text: 'hi Gina' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ dm_conversation_id: '1000-1003' });
    const events = await api.get<Body>('/2/dm_conversations/with/1003/dm_events', {
      'dm_event.fields': 'sender_id,created_at',
      expansions: 'sender_id',
    });
    expect(events.body.data).toEqual([
      expect.objectContaining({
        id: sent.body.data.dm_event_id,
        event_type: 'MessageCreate',
        text: 'hi Gina',
        sender_id: '1000',
      }),
    ]);
    expect(events.body.includes).toMatchObject({ users: [{ id: '1000' }] });
    const group = await api.post<Body>('/2/dm_conversations', {
      conversation_type: 'Group',
      participant_ids: ['1001', '1002'],
      message: { text: 'group hello' },
    });
    expect(group.status).toBe(201);
    expect((await api.get<Body>('/2/dm_events')).body.meta?.result_count).toBeGreaterThanOrEqual(6);
  });
});

describe('lists', () => {
  it('creates a list, adds members and reads their posts', async () => {
    const created = await api.post<Body>('/2/lists', { name: 'Test list', private: false });
    const id = created.body.data.id as string;
    expect((await api.post<Body>(`/2/lists/${id}/members`, { user_id: '1005' })).body).toEqual({
      data: { is_member: true },
    });
    const members = await api.get<Body>(`/2/lists/${id}/members`);
    expect(members.body.data).toEqual([{ id: '1005', name: 'Tech News Daily', username: 'technews_daily' }]);
    const tweets = await api.get<Body>(`/2/lists/${id}/tweets`, { 'tweet.fields': 'author_id' });
    expect(tweets.body.data.every((tweet) => tweet.author_id === '1005')).toBe(true);
    const owned = await api.get<Body>('/2/users/1000/owned_lists', { 'list.fields': 'member_count,private' });
    expect(owned.body.data[0]).toMatchObject({ id, member_count: 1, private: false });
    expect((await api.del(`/2/lists/${id}`)).body).toEqual({ data: { deleted: true } });
  });
});

describe('spaces and moderation', () => {
  it('finds seeded spaces and shows buyers only to the creator', async () => {
    const live = await api.get<Body>('/2/spaces/search', {
      query: 'docs',
      state: 'live',
      'space.fields': 'title,creator_id',
    });
    expect(live.body.data).toEqual([
      { id: '1DXxyRYNejbKM', state: 'live', title: 'Docs as a product', creator_id: '1001' },
    ]);
    expect((await api.get('/2/spaces/1DXxyRYNejbKM/buyers')).status).toBe(403);
    const buyers = await api.get<Body>('/2/spaces/1OdKrBnaEPXKX/buyers');
    expect(buyers.body.data.map((user) => user.id)).toEqual(['1002', '1004']);
  });

  it('mutes and blocks, and the home timeline drops muted authors', async () => {
    expect((await api.post<Body>('/2/users/1000/muting', { target_user_id: '1005' })).body).toEqual({
      data: { muting: true },
    });
    const home = await api.get<Body>('/2/users/1000/timelines/reverse_chronological', {
      'tweet.fields': 'author_id',
    });
    expect(home.body.data.some((tweet) => tweet.author_id === '1005')).toBe(false);
    expect((await api.post<Body>('/2/users/1000/blocking', { target_user_id: '1007' })).body).toEqual({
      data: { blocking: true },
    });
    expect((await api.get<Body>('/2/users/1000/blocking')).body.data).toEqual([
      { id: '1007', name: 'Lou', username: 'lurker_lou' },
    ]);
  });
});

describe('enterprise and ads', () => {
  it('reports usage and deletes stream rules', async () => {
    const usage = await api.get<Body>('/2/usage/tweets', { days: '3' });
    expect(usage.body.data).toMatchObject({
      project_id: expect.any(String),
      daily_project_usage: { usage: expect.any(Array) },
    });
    expect((usage.body.data.daily_project_usage as { usage: unknown[] }).usage).toHaveLength(3);
    const added = await api.post<Body>('/2/tweets/search/stream/rules', {
      add: [{ value: 'from:app_owner' }],
    });
    const ruleId = added.body.data[0]?.id as string;
    const deleted = await api.post<Body>('/2/tweets/search/stream/rules', { delete: { ids: [ruleId, '1'] } });
    expect(deleted.body.meta).toMatchObject({ summary: { deleted: 1, not_deleted: 1 } });
  });

  it('needs ads enablement, then runs a campaign lifecycle', async () => {
    const denied = await api.get('/12/accounts');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      errors: [
        { code: 'UNAUTHORIZED_ACCESS', message: 'This request is not authorized to access this account' },
      ],
      request: { params: {} },
    });
    fake.state.enableAds('1000');
    const accounts = await api.get<Body>('/12/accounts');
    expect(accounts.body).toMatchObject({ data: [{ id: '18ce54d4x5t' }], next_cursor: null, total_count: 1 });
    const other = await api.get<Body>('/12/accounts', { account_ids: 'gq1844' });
    expect(other.body).toMatchObject({ data: [], total_count: 0 });
    const base = '/12/accounts/18ce54d4x5t';
    const campaign = await api.post<Body>(
      `${base}/campaigns?name=Launch&funding_instrument_id=lygyi&daily_budget_amount_local_micro=5000000`,
    );
    expect(campaign.body.data).toMatchObject({
      name: 'Launch',
      entity_status: 'PAUSED',
      daily_budget_amount_local_micro: 5_000_000,
    });
    const campaignId = campaign.body.data.id as string;
    const lineItem = await api.post<Body>(`${base}/line_items`, {
      campaign_id: campaignId,
      bid_amount_local_micro: 1_500_000,
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER',
      objective: 'ENGAGEMENTS',
    });
    expect(lineItem.status).toBe(200);
    const missing = await api.post<Body>(`${base}/campaigns`, { funding_instrument_id: 'lygyi' });
    expect(missing.body.errors).toEqual([
      { code: 'MISSING_PARAMETER', message: '"name" is a required parameter', parameter: 'name' },
    ]);
    expect((await api.del(`${base}/campaigns/${campaignId}`)).body.data).toMatchObject({ deleted: true });
    expect((await api.get<Body>(`${base}/campaigns`)).body.total_count).toBe(0);
    expect((await api.get<Body>(`${base}/campaigns`, { with_deleted: 'true' })).body.total_count).toBe(1);
    const stats = await api.get<Body>('/12/stats/accounts/18ce54d4x5t', {
      entity: 'CAMPAIGN',
      entity_ids: campaignId,
      start_time: '2026-01-01T00:00:00Z',
      end_time: '2026-01-03T00:00:00Z',
      granularity: 'DAY',
      metric_groups: 'ENGAGEMENT',
    });
    expect(stats.body).toMatchObject({
      data_type: 'stats',
      time_series_length: 2,
      data: [{ id: campaignId }],
    });
  });
});
