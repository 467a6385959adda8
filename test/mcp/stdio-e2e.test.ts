// End to end as an agent host sees it: `app mcp serve` spawned over stdio, configured by environment
// variables alone (no config file), against the fake platform. Each policy outcome, composer mode, the
// scraper backend, SSRF refusals and the idempotent repeat.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import {
  APP_BIN,
  fakePlatformEnv,
  type StdioToolServer,
  startStdioToolServer,
} from '../support/stdio-tool-server.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial;
let home: TempHome;
let server: StdioToolServer | undefined;

beforeEach(async () => {
  fake = await startFakeSocial({ tier: 'enterprise' });
  home = createTempHome();
  storeFakeLogin(fake, join(home.dir, 'tokens.json'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await fake.close();
  home.cleanup();
});

const start = async (extra: Record<string, string> = {}, profile?: 'write' | 'admin') => {
  server = await startStdioToolServer(fakePlatformEnv(fake, home.dir, extra), profile);
  return server;
};
const seededTweet = () => fake.state.tweetsNewestFirst()[0]?.id as string;
const likes = () =>
  fake.requests.filter((r) => r.method === 'POST' && /\/2\/users\/\d+\/likes$/.test(r.path));

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  // wall clock: a deadline for the wait
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    // wall clock: a deadline for the wait
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('app mcp serve over stdio', () => {
  it('starts from environment variables alone and registers the write profile', async () => {
    const s = await start();
    expect(existsSync(join(home.dir, 'config.toml'))).toBe(false);
    const { tools } = await s.client.listTools();
    expect(tools).toHaveLength(112);
    const config = await s.call('get_config');
    expect(config.success).toBe(true);
    expect(config.data.social_api.api_base_url).toBe(fake.url);
    expect(config.meta?.tool_version).toBe('1.0');
  });

  it('blocked: denied with policy_decision, nothing sent, audited', async () => {
    const s = await start({
      APP_MCP_POLICY__BLOCKED_TOOLS: 'like_tweet',
      APP_MCP_POLICY__REQUIRE_APPROVAL_FOR: 'social_post_tweet',
    });
    const result = await s.call('social_like_tweet', { tweet_id: seededTweet() });
    expect(result.success).toBe(false);
    expect(result.error).toMatchObject({
      code: 'policy_denied_blocked',
      policy_decision: 'denied',
      retryable: false,
    });
    expect(likes()).toHaveLength(0);
    const audit = await s.call('get_recent_mutations', { limit: 5 });
    expect(JSON.stringify(audit.data)).toContain('social_like_tweet');
  });

  it('dry run: the simulated payload, nothing posted', async () => {
    const s = await start({ APP_MCP_POLICY__DRY_RUN_MUTATIONS: 'true' });
    const before = fake.state.tweetsNewestFirst().length;
    const result = await s.call('social_post_tweet', { text: 'only a rehearsal' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      dry_run: true,
      would_execute: 'social_post_tweet',
      params: JSON.stringify({ text: 'only a rehearsal' }),
    });
    expect(fake.state.tweetsNewestFirst()).toHaveLength(before);
  });

  it('hourly cap: the third mutation is denied with the reset time', async () => {
    const s = await start({
      APP_MCP_POLICY__MAX_MUTATIONS_PER_HOUR: '2',
      APP_MCP_POLICY__REQUIRE_APPROVAL_FOR: '',
    });
    const ids = fake.state
      .tweetsNewestFirst()
      .slice(0, 3)
      .map((t) => t.id);
    // wall clock: the tool server process runs on the real clock
    const before = Date.now();
    expect((await s.call('social_like_tweet', { tweet_id: ids[0] })).success).toBe(true);
    expect((await s.call('social_like_tweet', { tweet_id: ids[1] })).success).toBe(true);
    const third = await s.call('social_like_tweet', { tweet_id: ids[2] });
    expect(third.error).toMatchObject({ code: 'policy_denied_rate_limited', policy_decision: 'denied' });
    const reset = Date.parse(third.error?.rate_limit_reset ?? '');
    expect(reset).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    // wall clock: the tool server process runs on the real clock
    expect(reset).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(likes()).toHaveLength(2);
  });

  it('routed to approval, then approved and posted by the server', async () => {
    const s = await start();
    const routed = await s.call('social_post_tweet', { text: 'waiting for a human first' });
    expect(routed.success).toBe(true);
    expect(routed.data).toMatchObject({ routed_to_approval: true, reason: expect.any(String) });
    expect(fake.state.tweetsNewestFirst().some((t) => t.text === 'waiting for a human first')).toBe(false);
    const pending = await s.call('list_pending_approvals');
    expect(pending.data.items.map((i: { id: number }) => i.id)).toContain(routed.data.approval_queue_id);

    const approved = await s.call('approve_item', { id: routed.data.approval_queue_id });
    expect(approved.data).toMatchObject({
      item: { status: 'approved', id: routed.data.approval_queue_id, reviewed_by: 'agent' },
      job_id: expect.any(Number),
    });
    await until('the approved post', () =>
      fake.state.tweetsNewestFirst().find((t) => t.text === 'waiting for a human first'),
    );
    expect((await s.call('get_pending_count')).data.pending_count).toBe(0);
  });

  it('composer mode routes every mutation to approval', async () => {
    const s = await start({ APP_MODE: 'composer', APP_MCP_POLICY__REQUIRE_APPROVAL_FOR: '' });
    expect((await s.call('get_mode')).data).toEqual({ mode: 'composer', approval_mode: true });
    const like = await s.call('social_like_tweet', { tweet_id: seededTweet() });
    const post = await s.call('social_post_tweet', { text: 'composer keeps a human in the loop' });
    for (const result of [like, post]) {
      expect(result.success).toBe(true);
      expect(result.data.routed_to_approval).toBe(true);
      expect(result.meta?.mode).toBe('composer');
    }
    expect(likes()).toHaveLength(0);
    // A routed like runs once a person approves it.
    const approved = await s.call('approve_item', { id: like.data.approval_queue_id });
    expect(approved.data.result).toMatchObject({ liked: true });
    expect(likes()).toHaveLength(1);
  });

  it('scraper backend: mutations are blocked, reads still answer', async () => {
    const s = await start({ APP_SOCIAL_API__PROVIDER_BACKEND: 'scraper' });
    const result = await s.call('social_like_tweet', { tweet_id: seededTweet() });
    expect(result.error).toMatchObject({ code: 'scraper_mutation_blocked', retryable: false });
    const caps = await s.call('get_capabilities');
    expect(caps.data.provider).toMatchObject({ backend: 'scraper', mutations_available: false });
  });

  it('universal requests refuse SSRF attempts without reaching any host', async () => {
    const s = await start({}, 'admin');
    const seen = fake.requests.length;
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://evil.example/2/tweets',
      `${fake.url.replace('127.0.0.1', 'user@127.0.0.1')}/2/users/me`,
      '/2/users/%2e%2e/admin',
      'http://2130706433/2/users/me',
    ]) {
      const result = await s.call('social_get', { endpoint });
      expect(result.error?.code, endpoint).toBe('validation_error');
    }
    expect(fake.requests.length).toBe(seen);
    const ok = await s.call('social_get', { endpoint: '/2/users/me' });
    expect(ok.success).toBe(true);
  });

  it('an identical repeat within 5 minutes returns the first result and acts once', async () => {
    const s = await start({ APP_MCP_POLICY__REQUIRE_APPROVAL_FOR: '' });
    const tweet = seededTweet();
    const first = await s.call('social_like_tweet', { tweet_id: tweet });
    const again = await s.call('social_like_tweet', { tweet_id: tweet });
    expect(first.data).toMatchObject({ liked: true });
    expect(again.data).toMatchObject({
      duplicate: true,
      original_correlation_id: first.meta?.correlation_id,
      cached_result: first.data,
    });
    expect(likes()).toHaveLength(1);
  });

  it('stops cleanly when the client closes stdin: a call already sent is answered and audited first', async () => {
    const child = spawn(process.execPath, [APP_BIN, 'mcp', 'serve'], {
      env: fakePlatformEnv(fake, home.dir, {
        APP_LOGGING__LEVEL: 'info',
        APP_MCP_POLICY__REQUIRE_APPROVAL_FOR: '',
      }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    await until('the initialize answer', () => (stdout.includes('"id":1') ? true : undefined));
    const post = seededTweet();
    send({
      id: 2,
      method: 'tools/call',
      params: { name: 'social_like_tweet', arguments: { tweet_id: post } },
    });
    // The client hangs up right after sending the call, as an agent host does when a conversation ends.
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toContain('stdin closed');
    const answer = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((message) => message.id === 2);
    expect(answer?.result?.structuredContent?.success).toBe(true);
    expect(likes()).toHaveLength(1);
    // The mutation is in the audit a restarted server reads.
    const s = await start();
    const audit = await s.call('get_recent_mutations', { limit: 5 });
    expect(
      audit.data.map((row: { tool_name: string; status: string }) => [row.tool_name, row.status]),
    ).toEqual([['social_like_tweet', 'success']]);
  });
});
