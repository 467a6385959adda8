// How the endpoint-table tools fail and are governed: missing scopes, no login, an unapproved ads account, a
// basic tier, the scraper backend, unsafe ids, redirects, and the policy and idempotency of the gateway.
import { afterEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { type McpHarness, type McpHarnessOptions, startMcpHarness } from '../support/mcp-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

const ME = '1000';
let h: McpHarness | undefined;

async function harness(options: McpHarnessOptions): Promise<McpHarness> {
  h = await startMcpHarness(options);
  return h;
}
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function audit(server: McpHarness, tool: string) {
  return sqliteOf(server.app.deps.database)
    .sqlite.prepare(
      'SELECT status, policy_decision, error_code FROM mutation_audit WHERE tool_name = ? ORDER BY id',
    )
    .all(tool);
}

const BASIC_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access'];

describe('authorization', () => {
  it('answers social_forbidden before calling the platform when the login lacks the DM scopes', async () => {
    const s = await harness({ profile: 'write', scopes: BASIC_SCOPES });
    const read = await s.call('social_v2_dm_events');
    expect(read.error).toMatchObject({ code: 'social_forbidden', retryable: false });
    expect(read.error?.message).toContain('dm.read');
    const send = await s.call('social_v2_dm_send_to_participant', { participant_id: '1002', text: 'hi' });
    expect(send.error?.code).toBe('social_forbidden');
    expect(send.error?.message).toContain('dm.write');
    expect(s.fake.requests.filter((r) => r.path.startsWith('/2/dm_'))).toEqual([]);
    expect(audit(s, 'social_v2_dm_send_to_participant')).toEqual([
      { status: 'failure', policy_decision: 'allowed', error_code: 'social_forbidden' },
    ]);
  });

  it('answers social_forbidden for ads without the ads scopes or without ads approval', async () => {
    const s = await harness({ profile: 'admin', scopes: BASIC_SCOPES });
    expect((await s.call('social_ads_accounts')).error?.message).toContain('ads.read');
    await s.close();
    const approved = await harness({ profile: 'admin' });
    // The login has the scopes, but the account was never approved for ads: the platform says 403.
    const denied = await approved.call('social_ads_account_by_id', { account_id: '18ce54d4x5t' });
    expect(denied.error?.code).toBe('social_forbidden');
  });

  it('answers social_forbidden for compliance and stream rules on a basic tier', async () => {
    const s = await harness({ profile: 'admin', tier: 'basic' });
    expect((await s.call('social_v2_stream_rules_list')).error?.code).toBe('social_forbidden');
    expect((await s.call('social_v2_compliance_jobs', { type: 'tweets' })).error?.code).toBe(
      'social_forbidden',
    );
    const created = await s.call('social_v2_compliance_job_create', { type: 'tweets' });
    expect(created.error?.code).toBe('social_forbidden');
    expect(s.fake.state.complianceJobs.size).toBe(0);
  });

  it('answers social_not_configured without a login, for reads and mutations', async () => {
    const s = await harness({ profile: 'write', login: false });
    const read = await s.call('social_v2_lists_owned', { user_id: ME });
    expect(read.error).toMatchObject({ code: 'social_not_configured', retryable: false });
    const write = await s.call('social_v2_lists_create', { name: 'Nope' });
    expect(write.error?.code).toBe('social_not_configured');
    expect(s.fake.requests).toEqual([]);
  });

  it('explains that the scraper backend cannot reach these endpoints', async () => {
    const s = await harness({ profile: 'write', config: { social_api: { provider_backend: 'scraper' } } });
    const read = await s.call('social_v2_spaces_search', { query: 'docs' });
    expect(read.error?.code).toBe('social_not_configured');
    expect(read.error?.message).toContain('scraper');
    const write = await s.call('social_v2_mutes_create', { user_id: ME, target_user_id: '1003' });
    expect(write.error?.code).toBe('scraper_mutation_blocked');
  });
});

describe('input and transport safety', () => {
  it('refuses ids that would climb out of their path segment, before any request', async () => {
    const s = await harness({ profile: 'admin' });
    for (const account_id of ['..', '../12/accounts', 'a/b', '%2e%2e']) {
      const result = await s.call('social_ads_campaigns', { account_id });
      expect(result.error?.code, account_id).toBe('invalid_input');
    }
    expect((await s.call('social_v2_dm_conversation_by_id', { id: '../../2/users/me' })).error?.code).toBe(
      'invalid_input',
    );
    expect(s.fake.requests).toEqual([]);
  });

  it('keeps unhide_reply to unhiding and validates types and bounds', async () => {
    const s = await harness({ profile: 'write' });
    expect((await s.call('social_v2_tweets_unhide_reply', { id: '1', hidden: true })).error?.code).toBe(
      'invalid_input',
    );
    expect((await s.call('social_v2_dm_events', { max_results: 500 })).error?.code).toBe('invalid_input');
    expect(
      (await s.call('social_v2_dm_create_group', { participant_ids: ['1002'], text: 'x' })).error?.code,
    ).toBe('invalid_input');
    expect(s.fake.requests).toEqual([]);
  });

  it('does not follow a redirect from the platform', async () => {
    const s = await harness({ profile: 'write' });
    s.fake.faults.inject({
      path: '/2/users/1000/owned_lists',
      action: faultPresets.redirect('http://169.254.169.254/latest/meta-data/'),
    });
    const result = await s.call('social_v2_lists_owned', { user_id: ME });
    expect(result.error?.code).toBe('social_api_error');
    expect(result.error?.message).toContain('redirects are never followed');
    expect(s.fake.requests.map((r) => r.path)).toEqual(['/2/users/1000/owned_lists']);
  });
});

describe('the gateway', () => {
  it('denies a blocked tool and records the denial', async () => {
    const s = await harness({
      profile: 'write',
      config: { mcp_policy: { blocked_tools: ['v2_dm_send_in_conversation'] } },
    });
    const result = await s.call('social_v2_dm_send_in_conversation', { id: `${ME}-1002`, text: 'hello' });
    expect(result.error).toMatchObject({ code: 'policy_denied_blocked', policy_decision: 'denied' });
    expect(audit(s, 'social_v2_dm_send_in_conversation')).toEqual([
      { status: 'denied', policy_decision: 'denied', error_code: 'policy_denied_blocked' },
    ]);
    expect(s.fake.requests).toEqual([]);
  });

  it('routes to approval or dry-runs as the policy says, without touching the platform', async () => {
    const s = await harness({
      profile: 'admin',
      config: {
        mcp_policy: { require_approval_for: ['social_ads_campaign_delete'], dry_run_mutations: false },
      },
    });
    const routed = await s.call('social_ads_campaign_delete', {
      account_id: '18ce54d4x5t',
      campaign_id: 'abc1',
    });
    expect(routed.data).toMatchObject({ routed_to_approval: true, approval_queue_id: expect.any(Number) });
    await s.close();
    const dry = await harness({ profile: 'write', config: { mcp_policy: { dry_run_mutations: true } } });
    const simulated = await dry.call('social_v2_lists_create', { name: 'Dry' });
    expect(simulated.data).toEqual({
      dry_run: true,
      would_execute: 'social_v2_lists_create',
      params: JSON.stringify({ name: 'Dry', private: false }),
    });
    expect(dry.fake.requests).toEqual([]);
  });

  it('sends an identical DM only once within five minutes', async () => {
    const s = await harness({ profile: 'write' });
    const args = { participant_id: '1004', text: 'Same words' };
    const first = await s.call('social_v2_dm_send_to_participant', args);
    const second = await s.call('social_v2_dm_send_to_participant', args);
    expect(second.data).toMatchObject({ duplicate: true, cached_result: first.data });
    expect(s.fake.state.dmEvents.filter((e) => e.text === 'Same words')).toHaveLength(1);
  });
});
