// `app mcp serve --account NAME` (issue 27): the tool server acts for one account — its platform login
// (the post reaches the fake platform under its user), its own [mcp_policy], its rows — and the default
// account sees none of it. A name the config does not have is refused before anything starts.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { ConfigSchema } from '../../src/contracts/config/config.js';
import { accountDataPaths, dataPaths } from '../../src/infra/config/config-paths.js';
import { DEFAULT_USER_ID, type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { AccountRepository } from '../../src/infra/sqlite/repositories/account-repository.js';
import {
  APP_BIN,
  fakePlatformEnv,
  type StdioToolServer,
  startStdioToolServer,
} from '../support/stdio-tool-server.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const WORK_USER_ID = '1001'; // @dana_devrel at the fake platform

let fake: FakeSocial;
let home: TempHome;
let server: StdioToolServer | undefined;
let workId: string;

beforeEach(async () => {
  fake = await startFakeSocial({ tier: 'enterprise' });
  home = createTempHome();
  // The default account sends every post to a person first; the work account lets its agent post.
  writeFileSync(
    join(home.dir, 'config.toml'),
    [
      '[mcp_policy]',
      'require_approval_for = ["social_post_tweet"]',
      '',
      '[accounts.work]',
      'display_name = "Work"',
      '',
      '[accounts.work.mcp_policy]',
      'require_approval_for = []',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  // The rows the service makes at its first start, made first so each account's login can be stored.
  const paths = dataPaths(ConfigSchema.parse({}), home.dir, {});
  const database = openDatabase({ path: paths.dbPath });
  workId = (await new AccountRepository(database).ensure(['default', 'work'])).get('work') as string;
  await database.close();
  storeFakeLogin(fake, paths.tokensPath, { userId: DEFAULT_USER_ID });
  storeFakeLogin(fake, accountDataPaths(paths, { id: workId }).tokensPath, {
    userId: WORK_USER_ID,
  });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await fake.close();
  home.cleanup();
});

const rows = (sql: string, ...params: unknown[]) => {
  const database = openDatabase({ path: join(home.dir, 'app.db'), migrate: false });
  try {
    return database.sqlite.prepare(sql).all(...params);
  } finally {
    void database.close();
  }
};

describe('app mcp serve --account', () => {
  it('posts as the named account, under its own policy, and keeps its audit apart', async () => {
    server = await startStdioToolServer(fakePlatformEnv(fake, home.dir), 'write', ['--account', 'work']);
    const posted = await server.call('social_post_tweet', { text: 'Shipped from the work account' });
    expect(posted.success).toBe(true);
    const tweet = fake.state.tweetsNewestFirst().find((t) => t.text === 'Shipped from the work account');
    expect(tweet?.authorId).toBe(WORK_USER_ID);

    const audit = rows(
      "select account_id, tool_name from mutation_audit where tool_name = 'social_post_tweet'",
    );
    expect(audit).toEqual([{ account_id: workId, tool_name: 'social_post_tweet' }]);
    expect(rows('select id from approval_queue where account_id = ?', DEFAULT_ACCOUNT_ID)).toEqual([]);
  });

  it('serves the default account when none is named: its policy routes the post to a person', async () => {
    server = await startStdioToolServer(fakePlatformEnv(fake, home.dir), 'write');
    const before = fake.state.tweetsNewestFirst().length;
    const routed = await server.call('social_post_tweet', { text: 'Waits for the owner' });
    expect(routed.success).toBe(true);
    expect(routed.data).toMatchObject({ routed_to_approval: true });
    expect(fake.state.tweetsNewestFirst()).toHaveLength(before);
    expect(rows('select account_id from approval_queue')).toEqual([{ account_id: DEFAULT_ACCOUNT_ID }]);
  });

  it('refuses an account the config does not have, naming the ones it has', () => {
    const run = spawnSync(process.execPath, [APP_BIN, 'mcp', 'serve', '--account', 'nobody'], {
      env: fakePlatformEnv(fake, home.dir),
      encoding: 'utf8',
      input: '',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--account: no account named 'nobody'; the accounts are default, work");
  });
});
