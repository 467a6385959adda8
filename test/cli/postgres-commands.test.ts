// The commands that open the store themselves, on a service kept in Postgres (`[storage] url`): `app
// accounts` and `app auth` read and write the accounts' rows in Postgres (no SQLite file appears in the data
// directory), `app backup`, whose copies are of the SQLite file, refuses (exit 2) naming pg_dump, and `app
// simulate` runs on a scratch SQLite database, never on the service's Postgres.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../src/infra/postgres/open-postgres.js';
import { fakeSocialConfig } from '../../src/infra/sandbox/social/config-lines.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { AccountRepository } from '../../src/infra/sqlite/repositories/account-repository.js';
import { runCli } from '../../src/surfaces/cli/run-cli.js';
import { runApp, spawnApp } from '../support/run-app.js';
import { freshPostgres } from '../support/stores.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

// A fresh migrated database per test (a copy of this file's template): the seeded default account only.
let database: { url: string; drop(): Promise<void> };
let store: PostgresDatabase;
beforeEach(async () => {
  database = await freshPostgres();
  store = await openPostgres({ url: database.url, migrate: false });
});
afterEach(async () => {
  await store?.close();
  await database?.drop();
});

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

/** A password in the URL (the shared server trusts local connections), to show it is never printed. */
const withPassword = (url: string) => {
  const address = new URL(url);
  address.password = 'pw-never-shown';
  return address.toString();
};

beforeEach(async () => {
  // work's row, as the service's first start makes it.
  await new AccountRepository(store).ensure(['default', 'work']);
  fake = await startFakeSocial();
  callbackPort = await freePort();
  fake.state.registerClient({
    clientId: 'test-client',
    redirectUris: [`http://127.0.0.1:${callbackPort}/callback`],
  });
  home = createTempHome();
  file = [
    '# my service: the platform is the fake, the data in Postgres',
    ...fakeSocialConfig(fake.url, 'test-client').toml,
    '',
    '[auth]',
    `callback_port = ${callbackPort}`,
    '',
    '[storage]',
    `url = "${withPassword(database.url)}"`,
    '',
    '[accounts.work]',
    'display_name = "Work"',
    '',
  ].join('\n');
  home.writeConfig(file);
  storeFakeLogin(fake, join(home.dir, 'tokens.json'), { clientId: 'test-client' });
});
afterEach(async () => {
  await fake.close();
  home.cleanup();
});

const app = (args: string[]) => runApp(args, { env: home.env });
const rows = async () =>
  (
    await sql<{
      id: string;
      label: string;
      status: string;
      platform_user_id: string | null;
    }>`select id, label, status, platform_user_id from accounts order by created_at, id`.execute(store.db)
  ).rows;
const noSqliteFile = () => expect(existsSync(join(home.dir, 'app.db'))).toBe(false);

describe('app accounts on Postgres', () => {
  it('add, list, rename and remove change the rows in Postgres, and no SQLite file is made', async () => {
    const added = await app(['accounts', 'add', 'client-2', '--display-name', 'Client Two', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(readFileSync(home.configPath, 'utf8')).toContain('[accounts.client-2]');
    expect((await rows()).map((row) => [row.label, row.status])).toEqual([
      ['default', 'active'],
      ['work', 'active'],
      ['client-2', 'active'],
    ]);

    const listed = await app(['accounts', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(
      JSON.parse(listed.stdout).accounts.map((a: { name: string; status: string }) => [a.name, a.status]),
    ).toEqual([
      ['default', 'active'],
      ['work', 'active'],
      ['client-2', 'active'],
    ]);
    const work = (await rows()).find((row) => row.label === 'work');

    const renamed = await app(['accounts', 'rename', 'work', 'office', '--json']);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect((await rows()).find((row) => row.id === work?.id)).toMatchObject({ label: 'office' });

    const removed = await app(['accounts', 'remove', 'client-2', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await rows()).find((row) => row.label === 'client-2')).toMatchObject({ status: 'disabled' });

    noSqliteFile();
    expect(added.stdout + listed.stdout + renamed.stdout + removed.stdout).not.toContain('pw-never-shown');
  });

  it('an unreachable Postgres is one line naming it, password masked (exit 1), the file untouched', async () => {
    home.writeConfig(
      file.replace(withPassword(database.url), 'postgres://app:pw-never-shown@127.0.0.1:9/app'),
    );
    const before = readFileSync(home.configPath, 'utf8');
    const result = await app(['accounts', 'add', 'client-3']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^app: cannot open Postgres postgres:\/\/app:\*\*\*@127\.0\.0\.1:9\/app: connect ECONNREFUSED 127\.0\.0\.1:9\n$/,
    );
    expect(readFileSync(home.configPath, 'utf8')).toBe(before);
    noSqliteFile();
  });
});

describe('app auth on Postgres', () => {
  /** Runs `app auth`, the browser's visit to the consent page made for it. */
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

  it('logs a further account in: its row in Postgres records the platform user, its tokens in its folder', async () => {
    fake.state.settings.authorizingUserId = '1001';
    const result = await auth(['--account', 'work']);
    expect(result.code, result.stderr).toBe(0);
    const work = (await rows()).find((row) => row.label === 'work');
    expect(work).toMatchObject({ platform_user_id: '1001' });
    const tokensPath = join(home.dir, 'accounts', work?.id as string, 'tokens.json');
    expect(result.stdout).toContain(`Tokens saved to ${tokensPath}.`);
    expect(JSON.parse(readFileSync(tokensPath, 'utf8'))).toMatchObject({ user_id: '1001' });
    noSqliteFile();
  });

  it('refuses a platform user another account has in Postgres, naming it, and saves nothing', async () => {
    await sql`update accounts set platform_user_id = '1000' where label = 'work'`.execute(store.db);
    const before = readFileSync(join(home.dir, 'tokens.json'), 'utf8');
    const result = await auth([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("@app_owner is already logged in under the account 'work'");
    expect(readFileSync(join(home.dir, 'tokens.json'), 'utf8')).toBe(before);
    noSqliteFile();
  });
});

describe('app test on Postgres, with further accounts', () => {
  it("checks the account's login where its Postgres row says, and reports a Postgres down as the Database check", async () => {
    const work = (await rows()).find((row) => row.label === 'work');
    storeFakeLogin(fake, join(home.dir, 'accounts', work?.id as string, 'tokens.json'), { userId: '1001' });
    rmSync(join(home.dir, 'tokens.json'));
    const report = async (args: string[]) => {
      const result = await app(['test', '--offline', '--format', 'json', ...args]);
      return { ...result, json: JSON.parse(result.stdout) };
    };
    expect((await report([])).json.auth?.token_valid ?? false).toBe(false);
    expect((await report(['--account', 'work'])).json.auth).toMatchObject({ token_valid: true });

    home.writeConfig(
      file.replace(withPassword(database.url), 'postgres://app:pw-never-shown@127.0.0.1:9/app'),
    );
    const down = await report([]);
    expect(down.code).toBe(1);
    expect(down.json.checks).toContainEqual(
      expect.objectContaining({
        id: 'database',
        status: 'fail',
        message: 'cannot open Postgres postgres://app:***@127.0.0.1:9/app: connect ECONNREFUSED 127.0.0.1:9',
      }),
    );
    expect(down.stdout + down.stderr).not.toContain('pw-never-shown');
    // An account asked for by name cannot be found then: one line saying why.
    const named = await app(['test', '--offline', '--account', 'work']);
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(
      /^app: cannot open Postgres postgres:\/\/app:\*\*\*@127\.0\.0\.1:9\/app: [^\n]+\n$/,
    );
  });
});

describe('app backup on Postgres', () => {
  it.each([
    [['backup'], 'takes'],
    [['backup', '--list'], 'lists'],
    [['backup', '--prune', '2'], 'prunes'],
  ])('%j refuses with exit 2 and names pg_dump, the password masked', async (args, verb) => {
    const result = await app(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^app: [^\n]+\n$/);
    expect(result.stderr).toContain(`app backup ${verb} copies of the SQLite database`);
    expect(result.stderr).toContain('pg_dump --format=custom --file=app.dump "$APP_STORAGE__URL"');
    expect(result.stderr).toContain('pg_restore');
    expect(result.stderr).toContain(':***@127.0.0.1');
    expect(result.stderr).not.toContain('pw-never-shown');
    noSqliteFile();
    expect(existsSync(join(home.dir, 'backups'))).toBe(false);
  });

  it('the built app says the same, with no stack trace', () => {
    const result = spawnApp(['backup', '--format', 'json'], home.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('back it up with pg_dump instead');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
    noSqliteFile();
  });
});

describe('app simulate on Postgres', () => {
  it('simulates on a scratch SQLite database: the service Postgres gets no row', async () => {
    home.writeConfig(
      [
        'approval_mode = false',
        '[business]',
        'product_name = "Queuebird"',
        'product_keywords = ["sqlite", "job queue"]',
        '[storage]',
        `url = "${withPassword(database.url)}"`,
      ].join('\n'),
    );
    const before = await counts();
    const result = await app(['simulate', '--days', '1', '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).days).toHaveLength(1);
    expect(await counts()).toEqual(before);
    noSqliteFile();
  }, 60_000);
});

/** How many rows each table of the service's Postgres holds. */
async function counts(): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`select tablename as name from pg_tables
    where schemaname = current_schema() order by tablename`.execute(store.db);
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(name)}`.execute(
      store.db,
    );
    found[name] = rows[0]?.n ?? 0;
  }
  return found;
}
