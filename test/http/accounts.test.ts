// The service's accounts over /api/accounts (issue 27 items 2 and 5): the list with each login and its
// overrides; add, rename and remove as edits of config.toml that keep every other byte, with the accounts
// row changed in the same step; removal confirmed, stopping the account at once, revoking its login at the
// fake platform and keeping its data unless purged.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { ACCOUNT_NAME_RULE } from '../../src/contracts/config/accounts.js';
import type { Config, ConfigInput } from '../../src/contracts/config/config.js';
import type { StoredTokens } from '../../src/contracts/platform-tokens.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { faultPresets } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { runApp } from '../support/run-app.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const FILE = `# my service
[limits]
max_tweets_per_day = 5   # keep it low

# the work account
[accounts.work]
display_name = "Work"

[accounts.work.limits]
max_tweets_per_day = 2
`;
const CONFIG: ConfigInput = {
  limits: { max_tweets_per_day: 5 },
  accounts: { work: { display_name: 'Work', limits: { max_tweets_per_day: 2 } } },
};
const WORK_USER = '1001';

let home: TempHome;
let h: HttpHarness;
let workId: string;
let workTokens: StoredTokens;
beforeEach(async () => {
  home = createTempHome();
  home.writeConfig(FILE);
  h = await startHttpHarness(CONFIG, { home });
  workId = h.app.accounts[1]?.id as string;
  // The app's platform client, as the fake knows it: a removal revokes the login with it.
  h.fake.state.registerClient({ clientId: 'test-client', redirectUris: [] });
  workTokens = storeFakeLogin(h.fake, workTokensPath(), { userId: WORK_USER, clientId: 'test-client' });
});
afterEach(async () => {
  await h.close();
  home.cleanup();
});

const workTokensPath = () => join(home.dir, 'accounts', workId, 'tokens.json');
const fileText = () => readFileSync(home.configPath, 'utf8');
const sqlite = () => sqliteOf(h.app.deps.database).sqlite;
const row = (id: string) =>
  sqlite().prepare('select id, label, status, platform_user_id from accounts where id = ?').get(id) as
    | { id: string; label: string; status: string; platform_user_id: string | null }
    | undefined;
const asWork = { headers: { 'x-app-account': 'work' } };
const draftFor = async (content: string, options: { headers: Record<string, string> } = asWork) =>
  (await h.api('POST', '/api/content/drafts', { content }, options)).json.id as number;

describe('GET /api/accounts', () => {
  it('lists every account, the default first, with its login, its overrides and whether it runs', async () => {
    const answer = await h.api('GET', '/api/accounts');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      default_account: 'default',
      accounts: [
        {
          name: 'default',
          display_name: 'default',
          default: true,
          status: 'active',
          running: true,
          // The logins the harness stored record no handle; one made through the service does.
          login: { state: 'valid', user_id: '1000', username: null, expires_at: expect.any(String) },
          overrides: [],
        },
        {
          name: 'work',
          display_name: 'Work',
          default: false,
          status: 'active',
          running: true,
          login: { state: 'valid', user_id: WORK_USER, username: null, expires_at: expect.any(String) },
          overrides: ['limits.max_tweets_per_day'],
        },
      ],
    });
    // Never a token.
    expect(JSON.stringify(answer.json)).not.toContain(workTokens.access_token);
  });

  it('shows an account without a tokens file as not logged in', async () => {
    const { rmSync } = await import('node:fs');
    rmSync(workTokensPath());
    const work = (await h.api('GET', '/api/accounts')).json.accounts[1];
    expect(work.login).toEqual({ state: 'missing', user_id: null, username: null, expires_at: null });
  });
});

describe('POST /api/accounts', () => {
  it('appends the table to config.toml, keeps every other byte, and gives the account a row', async () => {
    const added = await h.api('POST', '/api/accounts', { name: 'client-2', display_name: 'Client Two' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({
      account: { name: 'client-2', display_name: 'Client Two', status: 'active', running: false },
      restored_data: false,
      restart_required: true,
    });
    expect(added.json.message).toContain('after a restart');
    expect(fileText()).toBe(`${FILE}\n[accounts.client-2]\ndisplay_name = "Client Two"\n`);
    const rows = sqlite().prepare("select status from accounts where label = 'client-2'").all();
    expect(rows).toEqual([{ status: 'active' }]);
    // Not running until a restart: a request naming it is the same 404 as for any unknown account.
    expect(
      (await h.api('GET', '/api/content/drafts', undefined, { headers: { 'x-app-account': 'client-2' } }))
        .status,
    ).toBe(404);
  });

  it.each(['Work2', '../etc', 'a.b', 'two words', 'quo"te', 'x'.repeat(33), '9lives'])(
    'refuses the name %j with the rule, writing nothing',
    async (name) => {
      const refused = await h.api('POST', '/api/accounts', { name });
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe('validation_error');
      expect(JSON.stringify(refused.json.error)).toContain(ACCOUNT_NAME_RULE);
      expect(fileText()).toBe(FILE);
      expect(sqlite().prepare('select count(*) as n from accounts').get()).toEqual({ n: 2 });
    },
  );

  it('refuses `default` (reserved) and a name an account has (conflict)', async () => {
    const reserved = await h.api('POST', '/api/accounts', { name: 'default' });
    expect(reserved.status).toBe(400);
    expect(reserved.json.error.message).toContain('reserved for the default account');
    const taken = await h.api('POST', '/api/accounts', { name: 'work' });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({
      code: 'conflict',
      message: "an account named 'work' exists already",
    });
    expect(fileText()).toBe(FILE);
  });
});

describe('PATCH /api/accounts/{name}', () => {
  it('renames the table and the row in one step: same id, data and login', async () => {
    const draft = await draftFor('kept across the rename');
    const renamed = await h.api('PATCH', '/api/accounts/work', { new_name: 'office' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      previous_name: 'work',
      restart_required: true,
      account: { name: 'office', display_name: 'Work', login: { user_id: WORK_USER } },
    });
    expect(fileText()).toBe(
      FILE.replace('[accounts.work]', '[accounts.office]').replace(
        '[accounts.work.limits]',
        '[accounts.office.limits]',
      ),
    );
    expect(row(workId)).toMatchObject({ label: 'office', status: 'active' });
    expect(existsSync(workTokensPath())).toBe(true);
    expect(sqlite().prepare('select account_id from drafts where id = ?').get(draft)).toEqual({
      account_id: workId,
    });
  });

  it('renames the default account with default_account, and sets a display name', async () => {
    const renamed = await h.api('PATCH', '/api/accounts/default', { new_name: 'personal' });
    expect(renamed.status).toBe(200);
    expect(fileText()).toBe(
      `# my service\ndefault_account = "personal"\n${FILE.slice('# my service\n'.length)}`,
    );
    expect(row(DEFAULT_ACCOUNT_ID)?.label).toBe('personal');
    const named = await h.api('PATCH', '/api/accounts/work', { display_name: 'The Office' });
    expect(named.json).toMatchObject({ restart_required: false, account: { display_name: 'The Office' } });
    expect(fileText()).toContain('[accounts.work]\ndisplay_name = "The Office"\n');
    const back = await h.api('PATCH', '/api/accounts/personal', { new_name: 'default' });
    expect(back.status).toBe(200);
    expect(fileText()).not.toContain('default_account');
  });

  it('refuses a bad or taken name, the reserved one, and an account that does not exist', async () => {
    expect((await h.api('PATCH', '/api/accounts/work', { new_name: 'Bad/Name' })).status).toBe(400);
    expect(
      (await h.api('PATCH', '/api/accounts/work', { new_name: 'default' })).json.error.message,
    ).toContain('reserved');
    expect((await h.api('PATCH', '/api/accounts/default', { new_name: 'work' })).status).toBe(409);
    expect((await h.api('PATCH', '/api/accounts/nobody', { new_name: 'x' })).status).toBe(404);
    expect((await h.api('PATCH', '/api/accounts/work', {})).status).toBe(400);
    expect(fileText()).toBe(FILE);
    expect(row(workId)?.label).toBe('work');
  });
});

describe('DELETE /api/accounts/{name}', () => {
  it('needs the name confirmed, and never removes the default account or the one the request acts on', async () => {
    expect((await h.api('DELETE', '/api/accounts/work', {})).status).toBe(400);
    const wrong = await h.api('DELETE', '/api/accounts/work', { confirm: 'wrok' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toContain("confirm the removal with the account's name");
    const main = await h.api('DELETE', '/api/accounts/default', { confirm: 'default' });
    expect(main.status).toBe(400);
    expect(main.json.error.message).toContain('is the default account');
    const itself = await h.api('DELETE', '/api/accounts/work', { confirm: 'work' }, asWork);
    expect(itself.status).toBe(400);
    expect((await h.api('DELETE', '/api/accounts/nobody', { confirm: 'nobody' })).status).toBe(404);
    expect(fileText()).toBe(FILE);
    expect(row(workId)?.status).toBe('active');
    expect(existsSync(workTokensPath())).toBe(true);
  });

  it('removes the table, stops the account, revokes and deletes its login, keeps its data', async () => {
    const draft = await draftFor('still here after removal');
    // Its tool-server token (an agent holding it acts on this account only) goes with it.
    writeFileSync(join(home.dir, 'accounts', workId, 'mcp_token'), 'a'.repeat(64), { mode: 0o600 });
    const revocations = h.fake.state.stats.revocations;
    const removed = await h.api('DELETE', '/api/accounts/work', { confirm: 'work' });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ name: 'work', purged: false, rows_deleted: 0, tokens: 'revoked' });
    // The file: the table, its sub-table and the comment that introduced it are gone, nothing else.
    expect(fileText()).toBe(`# my service
[limits]
max_tweets_per_day = 5   # keep it low
`);
    // At the platform: both tokens revoked; the access token no longer works there.
    expect(h.fake.state.stats.revocations).toBe(revocations + 2);
    expect(h.fake.state.auth.authenticate(workTokens.access_token, h.fake.clock.now())).toBeNull();
    expect(existsSync(workTokensPath())).toBe(false);
    expect(existsSync(join(home.dir, 'accounts', workId))).toBe(false);
    // Stopped now: its loops are off the service and a request naming it is a 404.
    expect(h.app.accounts.map((account) => account.name)).toEqual(['default']);
    expect((await h.api('GET', '/api/content/drafts', undefined, asWork)).status).toBe(404);
    // Its row is disabled and its data kept.
    expect(row(workId)).toMatchObject({ status: 'disabled', platform_user_id: null });
    expect(sqlite().prepare('select account_id from drafts where id = ?').get(draft)).toEqual({
      account_id: workId,
    });
    const listed = (await h.api('GET', '/api/accounts')).json.accounts;
    expect(listed.map((a: { name: string; status: string }) => [a.name, a.status])).toEqual([
      ['default', 'active'],
      ['work', 'removed'],
    ]);
    // Removing it again without purge: nothing to do.
    expect((await h.api('DELETE', '/api/accounts/work', { confirm: 'work' })).status).toBe(409);

    // Added again under the same name, it has its data back (the same row).
    const again = await h.api('POST', '/api/accounts', { name: 'work' });
    expect(again.status).toBe(201);
    expect(again.json.restored_data).toBe(true);
    expect(row(workId)?.status).toBe('active');
    expect(sqlite().prepare("select id from accounts where label = 'work'").all()).toEqual([{ id: workId }]);
  });

  it('removed with the CLI, the account stops when the running service reads the changed file', async () => {
    const removed = await runApp(['accounts', 'remove', 'work', '--yes'], { env: home.env });
    expect(removed.code).toBe(0);
    expect(row(workId)?.status).toBe('disabled');
    // What the service's config watcher does with the changed file.
    const loaded = loadConfig({ env: home.env });
    h.app.setConfig({ ...(loaded.config as Config), social_api: h.app.deps.config.social_api });
    await vi.waitFor(() => expect(h.app.accounts.map((account) => account.name)).toEqual(['default']), {
      timeout: 10_000,
    });
    expect((await h.api('GET', '/api/content/drafts', undefined, asWork)).status).toBe(404);
  });

  it('deletes the tokens even when the platform cannot revoke them, and says what to do', async () => {
    h.fake.faults.inject({ method: 'POST', path: '/2/oauth2/revoke', action: faultPresets.serverError() });
    const removed = await h.api('DELETE', '/api/accounts/work', { confirm: 'work' });
    expect(removed.status).toBe(200);
    expect(removed.json.tokens).toBe('not_revoked');
    expect(removed.json.message).toContain("revoke the app's access in the platform's settings");
    expect(existsSync(workTokensPath())).toBe(false);
    expect(row(workId)?.status).toBe('disabled');
  });

  it('purges every row of the account in every table, and its row, and nothing of the others', async () => {
    await draftFor('work draft');
    const mine = await draftFor('default draft', { headers: {} });
    const tables = (
      sqlite()
        .prepare(
          "select m.name from sqlite_master m where m.type = 'table' and exists (select 1 from pragma_table_info(m.name) where name = 'account_id')",
        )
        .all() as Array<{ name: string }>
    ).map((t) => t.name);
    const countFor = (id: string) =>
      tables.reduce(
        (sum, table) =>
          sum +
          (
            sqlite().prepare(`select count(*) as n from "${table}" where account_id = ?`).get(id) as {
              n: number;
            }
          ).n,
        0,
      );
    expect(countFor(workId)).toBeGreaterThan(0);
    const defaultRows = countFor(DEFAULT_ACCOUNT_ID);

    const purged = await h.api('DELETE', '/api/accounts/work', { confirm: 'work', purge: true });
    expect(purged.status).toBe(200);
    expect(purged.json).toMatchObject({ purged: true, tokens: 'revoked' });
    expect(purged.json.rows_deleted).toBeGreaterThan(0);
    expect(countFor(workId)).toBe(0);
    expect(row(workId)).toBeUndefined();
    // The default account's rows are all there (the removal itself is audited under it).
    expect(countFor(DEFAULT_ACCOUNT_ID)).toBeGreaterThanOrEqual(defaultRows);
    expect((await h.api('GET', `/api/content/drafts/${mine}`)).status).toBe(200);
    expect((await h.api('GET', '/api/accounts')).json.accounts.map((a: { name: string }) => a.name)).toEqual([
      'default',
    ]);
  });
});
