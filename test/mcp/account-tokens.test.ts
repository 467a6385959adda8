// The tool server over HTTP with several accounts (issue 27 item 3): `/mcp` in `app serve` takes each
// account's own token (the default account's <data dir>/mcp_token, a further account's
// accounts/<id>/mcp_token, 0600) and acts on that account only; a session opened with one account's token
// is unknown to another's, so a session id alone never lets an agent act for another account.
import { statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { buildHttpServer } from '../../src/surfaces/http/build-server.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { connectHttp } from './http-support.js';

const B_USER_ID = '1001';
let base: AppHarness;
let server: FastifyInstance;
let url: string;
let tokens: { main: string; b: string; bPath: string };

beforeAll(async () => {
  base = await startAppHarness({
    tier: 'enterprise',
    config: {
      mcp: { http_enabled: true },
      mcp_policy: { require_approval_for: [] },
      accounts: { b: { display_name: 'B' } },
    },
  });
  const b = base.app.accounts[1];
  if (!b) throw new Error('account b was not built');
  storeFakeLogin(base.fake, b.deps.paths.tokensPath, { userId: B_USER_ID });
  server = await buildHttpServer(base.app.deps, {
    apiToken: ensureApiToken(base.app.deps.paths.apiTokenPath),
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  url = `${address}/mcp`;
  tokens = {
    main: ensureApiToken(base.app.deps.paths.mcpTokenPath),
    b: ensureApiToken(b.deps.paths.mcpTokenPath),
    bPath: b.deps.paths.mcpTokenPath,
  };
});
afterAll(async () => {
  await server?.close();
  await base?.close();
});

describe('/mcp with an account per token', () => {
  it("gives each account a token of its own, in the account's folder, readable by its owner only", () => {
    expect(tokens.b).not.toBe(tokens.main);
    expect(tokens.bPath).toContain(`/accounts/${base.app.accounts[1]?.id}/mcp_token`);
    expect(statSync(tokens.bPath).mode & 0o777).toBe(0o600);
  });

  it("acts on the account of the token: b's token posts as b, the default token as the default", async () => {
    const asB = await connectHttp(url, tokens.b);
    const asMain = await connectHttp(url, tokens.main);
    try {
      const posted = await asB.call('social_post_tweet', { text: 'Posted with the token of b' });
      expect(posted.success, JSON.stringify(posted.error)).toBe(true);
      const mine = await asMain.call('social_post_tweet', { text: 'Posted with the default token' });
      expect(mine.success, JSON.stringify(mine.error)).toBe(true);
      const authorOf = (text: string) =>
        [...base.fake.state.tweets.values()].filter((t) => t.text === text).map((t) => t.authorId);
      expect(authorOf('Posted with the token of b')).toEqual([B_USER_ID]);
      expect(authorOf('Posted with the default token')).toEqual(['1000']);
      const audit = sqliteOf(base.app.deps.database)
        .sqlite.prepare(
          "select account_id from mutation_audit where tool_name = 'social_post_tweet' order by id",
        )
        .all();
      expect(audit).toEqual([{ account_id: base.app.accounts[1]?.id }, { account_id: DEFAULT_ACCOUNT_ID }]);
    } finally {
      await asB.close();
      await asMain.close();
    }
  });

  it("refuses another account's session id: the default token cannot ride b's session", async () => {
    const asB = await connectHttp(url, tokens.b);
    try {
      const sessionId = asB.transport.sessionId;
      expect(sessionId).toBeTruthy();
      const hijack = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens.main}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId as string,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'social_post_tweet', arguments: { text: 'Riding the session of b' } },
        }),
      });
      expect(hijack.status).toBe(404);
      expect([...base.fake.state.tweets.values()].some((t) => t.text === 'Riding the session of b')).toBe(
        false,
      );
      // Audited in the action log of the token's account (the default one), not in b's.
      const refusals = sqliteOf(base.app.deps.database)
        .sqlite.prepare("select account_id, metadata from action_log where action_type = 'account_refused'")
        .all();
      expect(refusals).toEqual([
        {
          account_id: DEFAULT_ACCOUNT_ID,
          metadata: JSON.stringify({ face: 'mcp', route: 'mcp session', credential: 'mcp_token' }),
        },
      ]);
    } finally {
      await asB.close();
    }
  });

  it('refuses a token of no account', async () => {
    await expect(connectHttp(url, 'f'.repeat(64))).rejects.toThrow(/401|invalid bearer token/);
  });
});
