// The universal request tools end to end: raw GET/POST/PUT/DELETE to the fake through the allowed hosts,
// every SSRF, path, header and redirect trick refused before anything leaves, and the audit trail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { type McpHarness, startMcpHarness } from '../support/mcp-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: McpHarness;

beforeAll(async () => {
  h = await startMcpHarness({
    profile: 'admin',
    // Not policy-gated: neither a dry run nor a zero hourly cap stops a universal request.
    config: { mcp_policy: { dry_run_mutations: true, max_mutations_per_hour: 0 } },
  });
  h.fake.state.enableAds('1000');
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.fake.faults.clear();
});

function audit(tool: string) {
  return sqliteOf(h.app.deps.database)
    .sqlite.prepare(
      'SELECT status, policy_decision, error_code, params FROM mutation_audit WHERE tool_name = ? ORDER BY id',
    )
    .all(tool) as Array<{
    status: string;
    policy_decision: string;
    error_code: string | null;
    params: string;
  }>;
}

describe('requests through the allowed hosts', () => {
  it('GET a path on the API host, with query parameters and the rate limit', async () => {
    const me = await h.call('social_get', { endpoint: '/2/users/me' });
    expect(me.data).toMatchObject({ status: 200, json: { data: { id: '1000', username: 'app_owner' } } });
    expect(me.data.rate_limit).toMatchObject({ limit: expect.any(Number), remaining: expect.any(Number) });
    const users = await h.call('social_get', {
      endpoint: '/2/users',
      query_params: { ids: '1001,1002', 'user.fields': 'description' },
    });
    expect(users.data.json.data).toEqual([
      expect.objectContaining({ id: '1001', description: 'DevRel. Docs are a product.' }),
      expect.objectContaining({ id: '1002', description: 'TypeScript all day.' }),
    ]);
  });

  it('GET an absolute URL on the ads host, and passes legacy v1.1 paths through unchanged', async () => {
    const accounts = await h.call('social_get', { endpoint: `${h.fake.url.toUpperCase()}/12/accounts` });
    expect(accounts.data.json.data[0].id).toBe('18ce54d4x5t');
    const legacy = await h.call('social_get', { endpoint: '/1.1/account/verify_credentials.json' });
    // The fake serves no v1.1: the request went out as given and its 404 came back.
    expect(legacy.error?.code).toBe('not_found');
    expect(h.fake.requests.at(-1)).toMatchObject({
      path: '/1.1/account/verify_credentials.json',
      status: 404,
    });
  });

  it('POST, PUT and DELETE a list, each written to the audit log without the policy', async () => {
    const created = await h.call('social_post', { endpoint: '/2/lists', body: { name: 'Raw list' } });
    expect(created.data.status).toBe(200);
    const id = created.data.json.data.id as string;
    expect(created.meta?.correlation_id).toEqual(expect.any(String));
    const updated = await h.call('social_put', {
      endpoint: `${h.fake.url}/2/lists/${id}`,
      body: '{"description":"set by a raw PUT"}',
    });
    expect(updated.data.json).toEqual({ data: { updated: true } });
    expect(h.fake.state.lists.get(id)?.description).toBe('set by a raw PUT');
    const deleted = await h.call('social_delete', { endpoint: `/2/lists/${id}` });
    expect(deleted.data.json).toEqual({ data: { deleted: true } });
    expect(h.fake.state.lists.has(id)).toBe(false);
    for (const tool of ['social_post', 'social_put', 'social_delete']) {
      const rows = audit(tool).filter((row) => row.status === 'success');
      expect(rows, tool).toHaveLength(1);
      expect(rows[0]?.policy_decision).toBe('not_gated');
    }
    expect(JSON.parse(audit('social_post')[0]?.params ?? '{}')).toEqual({
      endpoint: '/2/lists',
      body: { name: 'Raw list' },
    });
  });

  it('maps platform refusals like any tool: a missing scope is social_forbidden', async () => {
    const narrow = await startMcpHarness({ profile: 'admin', scopes: ['tweet.read', 'users.read'] });
    try {
      const result = await narrow.call('social_get', { endpoint: '/2/dm_events' });
      expect(result.error?.code).toBe('social_forbidden');
      expect(narrow.fake.requests.at(-1)).toMatchObject({ path: '/2/dm_events', status: 403 });
    } finally {
      await narrow.close();
    }
  });
});

describe('guards', () => {
  const attempts = (url: string) => [
    ['http://169.254.169.254/latest/meta-data/', 'IP-literal guard'],
    ['http://2130706433/2/users/me', 'IP-literal guard'],
    ['http://0x7f000001/2/users/me', 'IP-literal guard'],
    ['http://0177.0.0.1/2/users/me', 'IP-literal guard'],
    ['http://[::ffff:127.0.0.1]/2/users/me', 'IP-literal guard'],
    ['https://evil.example/2/users/me', 'host allowlist guard'],
    [url.replace('127.0.0.1', 'localhost'), 'host allowlist guard'],
    [url.replace('127.0.0.1', 'user@127.0.0.1'), 'userinfo guard'],
    ['file:///etc/passwd', 'scheme guard'],
    ['//evil.example/2/users/me', 'path guard'],
    ['2/users/me', 'path guard'],
    ['/2/users/../../admin', 'dot-segment guard'],
    ['/2/users/%2e%2e/admin', 'dot-segment guard'],
    ['/2/users/%2E%2e/admin', 'dot-segment guard'],
    ['/2/users/%252e%252e/admin', 'dot-segment guard'],
    ['/2/users%2fme', 'encoded-separator guard'],
    ['/2/users%5cme', 'encoded-separator guard'],
    ['/2\\users\\me', 'encoded-separator guard'],
    ['/2/users/me\r\nX-Injected: 1', 'control-character guard'],
    ['/2/users/me?user.fields=id', 'query guard'],
    ['/2/users/me#top', 'query guard'],
  ];

  it('refuses every SSRF and path trick with validation_error, before any request', async () => {
    const seen = h.fake.requests.length;
    for (const [endpoint, guard] of attempts(`${h.fake.url}/2/users/me`) as Array<[string, string]>) {
      const result = await h.call('social_get', { endpoint });
      expect(result.error?.code, endpoint).toBe('validation_error');
      expect(result.error?.message, endpoint).toMatch(new RegExp(`^${guard}`));
    }
    const write = await h.call('social_post', { endpoint: 'http://169.254.169.254/', body: {} });
    expect(write.error?.code).toBe('validation_error');
    expect(h.fake.requests.length).toBe(seen);
    // A refused write is still on record.
    expect(audit('social_post').at(-1)).toMatchObject({ status: 'failure', error_code: 'validation_error' });
  });

  it('refuses blocklisted or malformed headers and sends the others', async () => {
    const seen = h.fake.requests.length;
    for (const headers of [
      { Authorization: 'Bearer someone-else' },
      { host: 'evil.example' },
      { Cookie: 'session=1' },
      { 'Transfer-Encoding': 'chunked' },
      { 'Proxy-Authorization': 'Basic x' },
      { 'x-note': 'a\r\nHost: evil.example' },
    ]) {
      const result = await h.call('social_delete', { endpoint: '/2/lists/1', headers });
      expect(result.error?.code, JSON.stringify(headers)).toBe('validation_error');
      expect(result.error?.message).toMatch(/^header guard/);
    }
    expect(h.fake.requests.length).toBe(seen);
    const fine = await h.call('social_get', {
      endpoint: '/2/users/me',
      headers: { 'x-request-note': 'hello' },
    });
    expect(fine.success).toBe(true);
  });

  it('refuses a redirect instead of following it', async () => {
    h.fake.faults.inject({
      path: '/2/users/me',
      action: faultPresets.redirect(`${h.fake.url}/2/users/1001/followers`),
    });
    const seen = h.fake.requests.length;
    const result = await h.call('social_get', { endpoint: '/2/users/me' });
    expect(result.error?.code).toBe('validation_error');
    expect(result.error?.message).toMatch(/^redirect guard/);
    expect(h.fake.requests.slice(seen).map((r) => `${r.path} ${r.status}`)).toEqual(['/2/users/me 302']);
  });
});

describe('profiles and login', () => {
  it('exists only in the admin profile', async () => {
    const write = await startMcpHarness({ profile: 'write', login: false });
    try {
      const { tools } = await write.client.listTools();
      const names = tools.map((t) => t.name);
      for (const tool of ['social_get', 'social_post', 'social_put', 'social_delete']) {
        expect(names).not.toContain(tool);
      }
      // Unknown in this profile: the JSON-RPC error the MCP specification prescribes, not an envelope.
      await expect(write.call('social_get', { endpoint: '/2/users/me' })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('Unknown tool: social_get'),
      });
      const admin = (await h.client.listTools()).tools.filter((t) =>
        t.name.match(/^social_(get|post|put|delete)$/),
      );
      // A hint equal to the MCP default is left out of the listing: absent readOnlyHint means false.
      expect(admin.map((t) => [t.name, t.annotations?.readOnlyHint ?? false])).toEqual([
        ['social_delete', false],
        ['social_get', true],
        ['social_post', false],
        ['social_put', false],
      ]);
    } finally {
      await write.close();
    }
  });

  it('answers social_not_configured without a login', async () => {
    const anonymous = await startMcpHarness({ profile: 'admin', login: false });
    try {
      const result = await anonymous.call('social_post', { endpoint: '/2/lists', body: { name: 'x' } });
      expect(result.error?.code).toBe('social_not_configured');
      expect(anonymous.fake.requests).toEqual([]);
    } finally {
      await anonymous.close();
    }
  });
});
