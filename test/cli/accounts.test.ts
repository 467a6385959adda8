// `app accounts list|add|rename|remove` (issue 27 items 2 and 5), run as the CLI runs: the config file
// edited with every other byte kept, the accounts rows changed in the same step, removal confirmed (asked on
// a terminal, --yes without one), the login revoked at the fake platform; a purge deletes every row of the
// account, and a backup taken before brings them back. `app auth` refuses a platform user another account
// has, naming it.
import { copyFileSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { ACCOUNT_NAME_RULE } from '../../src/contracts/config/accounts.js';
import { fakeSocialConfig } from '../../src/infra/sandbox/social/config-lines.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { openDatabase } from '../../src/infra/sqlite/open-database.js';
import { runCli } from '../../src/surfaces/cli/run-cli.js';
import { runApp } from '../support/run-app.js';
import { ScriptedPrompter } from '../support/scripted-prompter.js';
import { storeAccountLogin } from '../support/serve-process.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial;
let home: TempHome;
let file: string;
let callbackPort: number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

beforeEach(async () => {
  fake = await startFakeSocial();
  callbackPort = await freePort();
  fake.state.registerClient({
    clientId: 'test-client',
    redirectUris: [`http://127.0.0.1:${callbackPort}/callback`],
  });
  home = createTempHome();
  file = [
    '# my service: the platform is the fake',
    ...fakeSocialConfig(fake.url, 'test-client').toml,
    '',
    '[auth]',
    `callback_port = ${callbackPort}`,
    '',
    '# the work account',
    '[accounts.work]',
    'display_name = "Work"',
    '',
    '[accounts.work.limits]',
    'max_replies_per_day = 2  # fewer',
    '',
  ].join('\n');
  home.writeConfig(file);
  storeFakeLogin(fake, join(home.dir, 'tokens.json'), { clientId: 'test-client' });
});
afterEach(async () => {
  await fake.close();
  home.cleanup();
});

const app = (args: string[], prompter?: ScriptedPrompter) => runApp(args, { env: home.env, prompter });
const fileText = () => readFileSync(home.configPath, 'utf8');

/** Reads the service's database as it is now (the CLI closed it). */
async function query<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const database = openDatabase({ path: join(home.dir, 'app.db') });
  try {
    return database.sqlite.prepare(sql).all(...params) as T[];
  } finally {
    await database.close();
  }
}
const rowOf = async (label: string) =>
  (await query<{ id: string; status: string }>('select id, status from accounts where label = ?', label))[0];

/** A row for `work` (as the service's first start makes it) and its login at the fake as `userId`. */
const workWithLogin = (userId = '1001') => storeAccountLogin(home, fake, 'work', userId);

const WORK_SECTION =
  '\n# the work account\n[accounts.work]\ndisplay_name = "Work"\n\n[accounts.work.limits]\nmax_replies_per_day = 2  # fewer\n';

describe('app accounts list', () => {
  it('shows every account, the default first, its login and what it overrides (text and --json)', async () => {
    const text = await app(['accounts', 'list']);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+DISPLAY NAME\s+STATUS\s+LOGIN\s+OVERRIDES$/);
    expect(lines[1]).toMatch(/^default \(default\)\s+default\s+active\s+1000 \(valid\)\s+-$/);
    expect(lines[2]).toMatch(/^work\s+Work\s+active\s+not logged in\s+limits\.max_replies_per_day$/);

    const json = await app(['accounts', 'list', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      default_account: 'default',
      accounts: [
        { name: 'default', default: true, running: null, login: { state: 'valid', user_id: '1000' } },
        { name: 'work', display_name: 'Work', overrides: ['limits.max_replies_per_day'] },
      ],
    });
  });
});

describe('app accounts add', () => {
  it('appends the table, keeps every other byte, makes the row and says a restart starts it', async () => {
    const added = await app(['accounts', 'add', 'client-2', '--display-name', 'Client Two']);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Added account 'client-2'");
    expect(added.stdout).toContain('after a restart');
    expect(fileText()).toBe(`${file}\n[accounts.client-2]\ndisplay_name = "Client Two"\n`);
    expect(await rowOf('client-2')).toMatchObject({ status: 'active' });
  });

  it.each(['Client', '../x', 'a.b', 'x y', 'default'])(
    'refuses %j with the rule (exit 2), writing nothing',
    async (name) => {
      const refused = await app(['accounts', 'add', name]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        name === 'default' ? 'reserved for the default account' : ACCOUNT_NAME_RULE,
      );
      expect(fileText()).toBe(file);
    },
  );

  it('refuses a name an account has (exit 2)', async () => {
    const taken = await app(['accounts', 'add', 'work', '--json']);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain("an account named 'work' exists already");
    expect(fileText()).toBe(file);
  });
});

describe('app accounts rename', () => {
  it('renames the table and the row; the id, and with it the login and the data, stay', async () => {
    const id = await workWithLogin();
    const renamed = await app(['accounts', 'rename', 'work', 'office', '--json']);
    expect(renamed.code).toBe(0);
    expect(JSON.parse(renamed.stdout)).toMatchObject({
      previous_name: 'work',
      restart_required: true,
      account: { name: 'office', login: { state: 'valid', user_id: '1001' } },
    });
    expect(fileText()).toBe(file.replaceAll('[accounts.work', '[accounts.office'));
    expect(await rowOf('office')).toEqual({ id, status: 'active' });
  });

  it('renames the default account with default_account, and refuses bad and taken names', async () => {
    expect((await app(['accounts', 'rename', 'default', 'personal'])).code).toBe(0);
    expect(fileText()).toBe(
      file.replace(
        '# my service: the platform is the fake\n',
        '# my service: the platform is the fake\ndefault_account = "personal"\n',
      ),
    );
    expect((await query('select label from accounts where id = ?', DEFAULT_ACCOUNT_ID))[0]).toEqual({
      label: 'personal',
    });
    const bad = await app(['accounts', 'rename', 'work', 'Work/2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(ACCOUNT_NAME_RULE);
    expect((await app(['accounts', 'rename', 'work', 'personal'])).code).toBe(2);
    expect((await app(['accounts', 'rename', 'nobody', 'x'])).code).toBe(1);
  });
});

describe('app accounts default', () => {
  it('refuses while the default is called `default`; then makes work the default, every account keeping its settings, login and row', async () => {
    const id = await workWithLogin();
    const unnamed = await app(['accounts', 'default', 'work']);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('app accounts rename default');
    expect(fileText()).toBe(file);

    expect((await app(['accounts', 'rename', 'default', 'personal'])).code).toBe(0);
    const made = await app(['accounts', 'default', 'work', '--json']);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({
      previous_default: 'personal',
      dropped_display_name: 'Work',
      moved_settings: ['limits.max_replies_per_day', 'accounts.personal.limits.max_replies_per_day'],
      account: { name: 'work', default: true, login: { state: 'valid', user_id: '1001' } },
    });
    const text = fileText();
    expect(text.startsWith('# my service: the platform is the fake\ndefault_account = "work"\n')).toBe(true);
    expect(text).not.toContain('[accounts.work');
    // work's 2 is the global value now; personal keeps the 5 it inherited.
    expect(text).toContain('[limits]\nmax_replies_per_day = 2\n');
    expect(text).toContain('[accounts.personal]\n');
    expect(text).toContain('[accounts.personal.limits]\nmax_replies_per_day = 5\n');

    const list = JSON.parse((await app(['accounts', 'list', '--json'])).stdout);
    expect(list.default_account).toBe('work');
    expect(
      list.accounts.map((a: { name: string; default: boolean; overrides: string[] }) => [
        a.name,
        a.default,
        a.overrides,
      ]),
    ).toEqual([
      ['work', true, []],
      ['personal', false, ['limits.max_replies_per_day']],
    ]);
    // No row moved: work keeps its id (and with it its data and login folder), personal the seeded row.
    expect(await rowOf('work')).toEqual({ id, status: 'active' });
    expect(await rowOf('personal')).toEqual({ id: DEFAULT_ACCOUNT_ID, status: 'active' });
    expect(existsSync(join(home.dir, 'accounts', id, 'tokens.json'))).toBe(true);
    // Commands that name no account act on work, with its own login (not the data directory's file).
    rmSync(join(home.dir, 'tokens.json'));
    const check = JSON.parse((await app(['test', '--offline', '--format', 'json'])).stdout);
    expect(check.auth).toMatchObject({ token_valid: true });

    // The seeded row holds the service's first data: removed, it is kept, never purged.
    const purge = await app(['accounts', 'remove', 'personal', '--purge', '--yes']);
    expect(purge.code).toBe(2);
    expect(purge.stderr).toContain('never purged');
    expect(await rowOf('personal')).toEqual({ id: DEFAULT_ACCOUNT_ID, status: 'active' });
  });
});

describe('app test --account', () => {
  it("checks that account's settings and login, and refuses a name the config does not have", async () => {
    await workWithLogin();
    rmSync(join(home.dir, 'tokens.json'));
    const report = (args: string[]) => app(['test', '--offline', '--format', 'json', ...args]);
    const main = JSON.parse((await report([])).stdout);
    const work = JSON.parse((await report(['--account', 'work'])).stdout);
    expect(main.auth?.token_valid ?? false).toBe(false);
    expect(work.auth).toMatchObject({ token_valid: true });
    const unknown = await report(['--account', 'nobody']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no account named 'nobody'; the accounts are default, work");
  });
});

describe('app accounts remove', () => {
  it('without a terminal and without --yes it refuses (exit 2) and changes nothing', async () => {
    await workWithLogin();
    const before = fileText();
    const refused = await app(['accounts', 'remove', 'work']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    expect(fileText()).toBe(before);
    expect((await rowOf('work'))?.status).toBe('active');
  });

  it('asks on a terminal: no keeps everything, yes removes it', async () => {
    const id = await workWithLogin();
    const before = fileText();
    const no = new ScriptedPrompter([{ ask: /Remove account 'work'\?/, answer: false }]);
    expect((await app(['accounts', 'remove', 'work'], no)).code).toBe(1);
    expect(fileText()).toBe(before);
    const yes = new ScriptedPrompter([{ ask: /Remove account 'work'\?/, answer: true }]);
    const removed = await app(['accounts', 'remove', 'work'], yes);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Its platform login was revoked and its tokens deleted');
    expect(fileText()).toBe(file.replace(WORK_SECTION, ''));
    expect(existsSync(join(home.dir, 'accounts', id, 'tokens.json'))).toBe(false);
    expect(fake.state.stats.revocations).toBe(2);
    expect(await rowOf('work')).toEqual({ id, status: 'disabled' });
  });

  it('never removes the default account', async () => {
    const refused = await app(['accounts', 'remove', 'default', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is the default account');
    expect(fileText()).toBe(file);
  });

  it('--purge deletes every row of the account; a backup taken before brings them back', async () => {
    const id = await workWithLogin();
    const database = openDatabase({ path: join(home.dir, 'app.db') });
    database.sqlite.prepare('insert into drafts (account_id, content) values (?, ?)').run(id, 'work draft');
    database.sqlite
      .prepare('insert into drafts (account_id, content) values (?, ?)')
      .run(DEFAULT_ACCOUNT_ID, 'mine');
    await database.close();

    const backup = await app(['backup', '--format', 'json']);
    expect(backup.code).toBe(0);
    const backupPath = JSON.parse(backup.stdout).path as string;

    const purged = await app(['accounts', 'remove', 'work', '--purge', '--yes', '--json']);
    expect(purged.code).toBe(0);
    expect(JSON.parse(purged.stdout)).toMatchObject({ purged: true, tokens: 'revoked' });
    expect(await query('select content from drafts where account_id = ?', id)).toEqual([]);
    expect(await query('select id from accounts where id = ?', id)).toEqual([]);
    expect(await query('select content from drafts where account_id = ?', DEFAULT_ACCOUNT_ID)).toEqual([
      { content: 'mine' },
    ]);

    // Restoring the backup (it is the database file as it was) brings the account's rows back: listed as
    // removed, and its data is the account's again when the name is added back.
    copyFileSync(backupPath, join(home.dir, 'app.db'));
    const listed = JSON.parse((await app(['accounts', 'list', '--json'])).stdout);
    expect(listed.accounts.map((a: { name: string; status: string }) => [a.name, a.status])).toEqual([
      ['default', 'active'],
      ['work', 'removed'],
    ]);
    const back = await app(['accounts', 'add', 'work', '--json']);
    expect(JSON.parse(back.stdout)).toMatchObject({ restored_data: true });
    expect(await query('select content from drafts where account_id = ?', id)).toEqual([
      { content: 'work draft' },
    ]);
  });
});

describe('app auth', () => {
  it('refuses a platform user another account is logged in as, naming it, and saves nothing', async () => {
    await workWithLogin();
    // The work account's row records that it is logged in as the fake's acting user (1000).
    const database = openDatabase({ path: join(home.dir, 'app.db') });
    database.sqlite.prepare("update accounts set platform_user_id = '1000' where label = 'work'").run();
    await database.close();
    const tokensBefore = readFileSync(join(home.dir, 'tokens.json'), 'utf8');

    let visited: Promise<Response> | undefined;
    let stderr = '';
    const code = await runCli(['auth', '--no-browser'], {
      stdout: {
        write: (text: string) => {
          const url = /(http:\/\/127\.0\.0\.1:\d+\/i\/oauth2\/authorize\S+)/.exec(text)?.[1];
          if (url) visited = fetch(url);
        },
      },
      stderr: { write: (text: string) => (stderr += text) },
      env: home.env,
      interactive: false,
    });
    await visited;
    expect(code).toBe(2);
    expect(stderr).toContain("@app_owner is already logged in under the account 'work'");
    expect(readFileSync(join(home.dir, 'tokens.json'), 'utf8')).toBe(tokensBefore);
  });
});

describe('app auth --account', () => {
  /** Runs `app auth` with the given arguments, the browser's visit to the consent page made for it. */
  async function auth(args: string[]) {
    let visited: Promise<Response> | undefined;
    let stdout = '';
    let stderr = '';
    const code = await runCli(['auth', '--no-browser', ...args], {
      stdout: {
        write: (text: string) => {
          stdout += text;
          const url = /(http:\/\/127\.0\.0\.1:\d+\/i\/oauth2\/authorize\S+)/.exec(text)?.[1];
          if (url) visited = fetch(url);
        },
      },
      stderr: { write: (text: string) => (stderr += text) },
      env: home.env,
      interactive: false,
    });
    await visited;
    return { code, stdout, stderr };
  }

  it("logs a further account in to its own login file, as its own platform user, the default's untouched", async () => {
    const before = readFileSync(join(home.dir, 'tokens.json'), 'utf8');
    fake.state.settings.authorizingUserId = '1001';
    const result = await auth(['--account', 'work']);
    expect(result.code, result.stderr).toBe(0);
    const id = (await rowOf('work'))?.id as string;
    const tokensPath = join(home.dir, 'accounts', id, 'tokens.json');
    expect(result.stdout).toContain('Logged in as @dana_devrel (1001)');
    expect(result.stdout).toContain(`Tokens saved to ${tokensPath}.`);
    expect(JSON.parse(readFileSync(tokensPath, 'utf8'))).toMatchObject({ user_id: '1001' });
    expect(statSync(tokensPath).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(home.dir, 'tokens.json'), 'utf8')).toBe(before);
    expect(await query('select platform_user_id from accounts where id = ?', id)).toEqual([
      { platform_user_id: '1001' },
    ]);
  });

  it('refuses an account the config does not have, naming the ones it has', async () => {
    const result = await auth(['--account', 'nobody']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--account: no account named 'nobody'; the accounts are default, work");
  });
});
