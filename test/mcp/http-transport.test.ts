// The tool server over streamable HTTP with the SDK's own client: the same tools, envelope, policy engine
// and audit as the in-process transport, the token file, and the endpoint mounted in `app serve` at /mcp.
import { statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID } from '../../src/infra/sandbox/social/index.js';
import { buildHttpServer } from '../../src/surfaces/http/build-server.js';
import { profileTools } from '../../src/surfaces/mcp/profile-tools.js';
import { connectTools, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import {
  auditRows,
  connectHttp,
  EXECUTE_LIKES,
  type HttpWorld,
  likeRequests,
  otherPosts,
  startHttpWorld,
} from './http-support.js';

let world: HttpWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('tool server over streamable HTTP', () => {
  it('lists the profile tools, answers get_config in the envelope, and keeps a session id', async () => {
    world = await startHttpWorld();
    const { client, transport, call, close } = await connectHttp(world.server.url, world.token);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      profileTools('write')
        .map((op) => op.tool.name)
        .sort(),
    );
    const config = await call('get_config');
    expect(config.success).toBe(true);
    expect(config.data.mcp_policy.enforce_for_mutations).toBe(true);
    expect(world.server.endpoint.sessionCount()).toBe(1);
    // DELETE ends the session (the SDK's terminateSession).
    await transport.terminateSession();
    expect(world.server.endpoint.sessionCount()).toBe(0);
    await close();
  });

  it('a policy-gated write over HTTP is audited exactly like one over the in-process transport', async () => {
    world = await startHttpWorld({ config: EXECUTE_LIKES });
    const [overHttp, inProcess] = otherPosts(world.base, 2);
    const http = await connectHttp(world.server.url, world.token);
    const liked = await http.call('social_like_tweet', { tweet_id: overHttp });
    expect(liked.success).toBe(true);
    const local = await connectTools(world.base.app, 'write');
    expect((await local.call('social_like_tweet', { tweet_id: inProcess })).success).toBe(true);
    await local.close();
    await http.close();

    const [first, second] = auditRows(world.base);
    expect(first).toMatchObject({
      tool_name: 'social_like_tweet',
      face: 'mcp',
      actor: 'agent',
      status: 'success',
    });
    expect(second).toEqual(first);
    expect(likeRequests(world.base)).toHaveLength(2);
    expect(world.base.fake.state.likes.has(DEFAULT_USER_ID, overHttp as string)).toBe(true);
    expect(world.base.fake.state.likes.has(DEFAULT_USER_ID, inProcess as string)).toBe(true);
  });

  it('the default policy routes a like to approval as an agent, over HTTP as over stdio', async () => {
    world = await startHttpWorld();
    const [tweet] = otherPosts(world.base, 1);
    const http = await connectHttp(world.server.url, world.token);
    const routed = await http.call('social_like_tweet', { tweet_id: tweet });
    await http.close();
    expect(routed.success).toBe(true);
    expect(auditRows(world.base)).toMatchObject([{ status: 'routed', actor: 'agent', face: 'mcp' }]);
    const items = sqliteOf(world.base.app.deps.database)
      .sqlite.prepare('select actor, status from approval_queue')
      .all();
    expect(items).toEqual([{ actor: 'agent', status: 'pending' }]);
    expect(likeRequests(world.base)).toEqual([]);
  });

  it('the token file is 64 hex characters, mode 0600, and stays the same across starts', async () => {
    world = await startHttpWorld();
    const path = world.base.app.deps.paths.mcpTokenPath;
    expect(world.token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const { ensureApiToken } = await import('../../src/infra/security/api-token.js');
    expect(ensureApiToken(path)).toBe(world.token);
    expect(world.token).not.toBe(ensureApiToken(world.base.app.deps.paths.apiTokenPath));
  });
});

describe('/mcp in app serve', () => {
  it('is mounted with [mcp] http_enabled, takes the MCP token only, and serves the same tools', async () => {
    const base = await startAppHarness({ tier: 'enterprise', config: { mcp: { http_enabled: true } } });
    const server = await buildHttpServer(base.app.deps, {
      apiToken: 'a'.repeat(64),
      mcpToken: 'b'.repeat(64),
    });
    try {
      const address = await server.listen({ host: '127.0.0.1', port: 0 });
      const url = `${address}/mcp`;
      const http = await connectHttp(url, 'b'.repeat(64));
      expect((await http.call('get_config')).data.mcp.http_enabled).toBe(true);
      await http.close();
      // The API token is not the tool server's token.
      const refused = await server.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          authorization: `Bearer ${'a'.repeat(64)}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload: { jsonrpc: '2.0', id: 1, method: 'ping' },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { message: 'invalid bearer token' } });
      expect(server.routeTable.find((r) => r.url === '/mcp' && r.method === 'POST')).toMatchObject({
        public: false,
      });
    } finally {
      await server.close();
      await base.close();
    }
  });

  it('is absent unless enabled', async () => {
    const base = await startAppHarness();
    const server = await buildHttpServer(base.app.deps, { apiToken: 'a'.repeat(64) });
    try {
      const answer = await server.inject({
        method: 'POST',
        url: '/mcp',
        headers: { authorization: `Bearer ${'a'.repeat(64)}` },
        payload: {},
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await server.close();
      await base.close();
    }
  });
});
