// The mutation gateway over real SQLite and the fake platform: the hourly cap survives a restart, the
// 5-minute idempotency window ends, concurrent identical calls act once, and every decision is audited.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app/wiring/create-app.js';
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import {
  createFakeClock,
  type FakeSocial,
  faultPresets,
  type SettableClock,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial;
let home: TempHome;
let clock: SettableClock;
const apps: App[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await fake?.close();
  home?.cleanup();
});

async function world(): Promise<void> {
  clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00.000Z') });
  fake = await startFakeSocial({ clock });
  home = createTempHome();
  storeFakeLogin(fake, join(home.dir, 'tokens.json'));
}

async function open(config: ConfigInput = {}): Promise<App> {
  const app = await createApp({
    config: ConfigSchema.parse({
      ...config,
      social_api: { client_id: 'c', api_base_url: fake.url, request_timeout_seconds: 5 },
    }),
    dataDir: home.dir,
    logger: createLogger({ level: 'silent' }),
    clock: { now: () => new Date(clock.now()) },
    env: home.env,
    sleep: async () => {},
  });
  apps.push(app);
  return app;
}

const like = (app: App, tweetId: string) =>
  app.deps.gateway.submit({ tool: 'social_like_tweet', params: { tweet_id: tweetId }, actor: 'agent' });
const posts = () =>
  fake.state
    .tweetsNewestFirst()
    .filter((t) => t.authorId !== '1000')
    .map((t) => t.id);
const likeRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/likes'));
const auditStatuses = (app: App) =>
  (
    sqliteOf(app.deps.database)
      .sqlite.prepare('select status from mutation_audit order by id')
      .all() as Array<{
      status: string;
    }>
  ).map((r) => r.status);

describe('mutation gateway', () => {
  it('the hourly cap is kept in SQLite: a restarted process still refuses, until the window slides', async () => {
    await world();
    const config = { mcp_policy: { require_approval_for: [], max_mutations_per_hour: 2 } };
    const [a, b, c] = posts();
    const first = await open(config);
    await like(first, a as string);
    clock.advance(10 * 60_000);
    await like(first, b as string);
    await first.close();

    const again = await open(config);
    await expect(like(again, c as string)).rejects.toMatchObject({
      code: 'policy_denied_rate_limited',
      policyDecision: 'denied',
      resetAt: new Date('2026-11-22T13:00:00.000Z'),
    });
    clock.set(Date.parse('2026-11-22T13:00:00.001Z'));
    expect(await like(again, c as string)).toMatchObject({ outcome: 'executed' });
  });

  it('an identical call repeats the first result for 5 minutes, then acts again', async () => {
    await world();
    const app = await open({ mcp_policy: { require_approval_for: [] } });
    const tweet = posts()[0] as string;
    const first = await like(app, tweet);
    clock.advance(4 * 60_000 + 59_000);
    expect(await like(app, tweet)).toMatchObject({
      outcome: 'duplicate',
      originalCorrelationId: first.outcome === 'executed' ? first.correlationId : '',
    });
    clock.advance(2_000);
    expect(await like(app, tweet)).toMatchObject({ outcome: 'executed' });
    expect(likeRequests()).toHaveLength(2);
  });

  it('two identical calls at the same moment act once', async () => {
    await world();
    const app = await open({ mcp_policy: { require_approval_for: [] } });
    fake.faults.inject({ method: 'POST', path: /\/likes$/, action: faultPresets.latency(150) });
    const tweet = posts()[0] as string;
    const outcomes = await Promise.all([like(app, tweet), like(app, tweet)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'executed']);
    expect(likeRequests()).toHaveLength(1);
  });

  it('audits every decision: executed, duplicate, denied, dry run and routed', async () => {
    await world();
    const tweet = posts()[0] as string;
    const allow = await open({ mcp_policy: { require_approval_for: [] } });
    await like(allow, tweet);
    await like(allow, tweet);
    await allow.close();
    await like(
      await open({ mcp_policy: { blocked_tools: ['social_retweet'], require_approval_for: [] } }),
      tweet,
    );
    const blocked = await open({
      mcp_policy: { blocked_tools: ['social_retweet'], require_approval_for: [] },
    });
    await expect(
      blocked.deps.gateway.submit({ tool: 'social_retweet', params: { tweet_id: tweet }, actor: 'agent' }),
    ).rejects.toMatchObject({ code: 'policy_denied_blocked' });
    await (await open({ mcp_policy: { dry_run_mutations: true } })).deps.gateway.submit({
      tool: 'social_unlike_tweet',
      params: { tweet_id: tweet },
      actor: 'agent',
    });
    const routed = await (
      await open({ mcp_policy: { require_approval_for: ['social_follow_user'] } })
    ).deps.gateway.submit({
      tool: 'social_follow_user',
      params: { target_user_id: '1001' },
      actor: 'agent',
    });
    expect(routed.outcome).toBe('routed');
    expect(auditStatuses(blocked)).toEqual([
      'success',
      'duplicate',
      'duplicate',
      'denied',
      'dry_run',
      'routed',
    ]);
  });
});
