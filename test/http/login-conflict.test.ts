// One platform user belongs to one account (issue 27, bad input): Connect account for a second account that
// brings back a user another account is logged in as is refused with that account's name; nothing is saved
// and the platform is asked to forget the tokens it just issued. A login of a user no other account has is
// recorded on the account's row.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const BASE = 'http://127.0.0.1:3001';
const CALLBACK = `${BASE}/api/auth/platform/callback`;
const WORK_USER = '1001';

let home: TempHome;
let h: HttpHarness;
let workId: string;
beforeEach(async () => {
  home = createTempHome();
  home.writeConfig('[accounts.work]\ndisplay_name = "Work"\n');
  // The default account is logged in as the fake's acting user (1000) from before rows recorded users.
  h = await startHttpHarness({ accounts: { work: { display_name: 'Work' } } }, { home });
  h.fake.state.registerClient({ clientId: 'test-client', redirectUris: [CALLBACK] });
  workId = h.app.accounts[1]?.id as string;
});
afterEach(async () => {
  await h.close();
  home.cleanup();
});

const workTokens = () => join(home.dir, 'accounts', workId, 'tokens.json');
const platformUser = (id: string) =>
  sqliteOf(h.app.deps.database)
    .sqlite.prepare('select platform_user_id, username from accounts where id = ?')
    .get(id) as {
    platform_user_id: string | null;
    username: string | null;
  };

/** Connect account for `account`, through the fake's consent page, back to the callback as a browser. */
async function connect(account?: string) {
  const headers: Record<string, string> = account ? { 'x-app-account': account } : {};
  const start = await h.api('POST', '/api/auth/platform/start', { base_url: BASE }, { headers });
  expect(start.status).toBe(200);
  // The harness leaves the sign-in page at its default host: the same page, at the fake.
  const authorize = new URL(start.json.authorization_url);
  const consent = await fetch(new URL(`${authorize.pathname}${authorize.search}`, h.fake.url), {
    redirect: 'manual',
  });
  const back = new URL(consent.headers.get('location') ?? '');
  const page = await h.server.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { host: '127.0.0.1:3001', accept: 'text/html' },
  });
  return { status: page.statusCode, html: page.body };
}

describe('a platform user already logged in under another account', () => {
  it('is refused with the name of the account that has it; nothing is saved, the new tokens are revoked', async () => {
    const revocations = h.fake.state.stats.revocations;
    const issued = new Set(h.fake.state.auth.tokens.keys());
    const refused = await connect('work');
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('already logged in under the account &#39;default&#39;');
    expect(existsSync(workTokens())).toBe(false);
    expect(platformUser(workId).platform_user_id).toBeNull();
    // The tokens the exchange issued were revoked at the platform, not kept anywhere.
    expect(h.fake.state.stats.revocations).toBe(revocations + 2);
    const fresh = [...h.fake.state.auth.tokens.entries()].filter(([token]) => !issued.has(token));
    expect(fresh.length).toBe(1);
    expect(fresh[0]?.[1].revoked).toBe(true);
  });

  it('accepts another user and records it on the row; that user is then refused for the default account', async () => {
    h.fake.state.setAuthorizingUser(WORK_USER);
    const linked = await connect('work');
    expect(linked.status).toBe(200);
    expect(JSON.parse(readFileSync(workTokens(), 'utf8')).user_id).toBe(WORK_USER);
    expect(platformUser(workId)).toEqual({ platform_user_id: WORK_USER, username: 'dana_devrel' });

    const defaultTokens = readFileSync(join(home.dir, 'tokens.json'), 'utf8');
    const refused = await connect();
    expect(refused.status).toBe(409);
    expect(refused.html).toContain('@dana_devrel is already logged in under the account &#39;work&#39;');
    expect(readFileSync(join(home.dir, 'tokens.json'), 'utf8')).toBe(defaultTokens);
    expect(platformUser(DEFAULT_ACCOUNT_ID).platform_user_id).toBeNull();

    // The default account logging in again as its own user is fine, and now recorded.
    h.fake.state.setAuthorizingUser('1000');
    expect((await connect()).status).toBe(200);
    expect(platformUser(DEFAULT_ACCOUNT_ID)).toEqual({ platform_user_id: '1000', username: 'app_owner' });
  });
});
