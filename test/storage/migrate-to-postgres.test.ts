// `app storage migrate --to postgres://…` (issue 28) on a database the real service made: drafts and a
// thread with media, approvals, posted posts and their jobs, notes with fragments, the platform bill, the
// profile picture (a BLOB), two accounts, unicode and emoji, NULLs, a deleted draft. The copy is checked
// table by table against SQLite by the test itself (every row, not the command's own checksums), while the
// service still has the database open; then what the user meets: a second run refused, a bad URL, a server
// that cannot be reached, a target of a newer schema, a row Postgres refuses and a target that changes what
// it is given (nothing left behind either time), and the progress line on a terminal.
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { analyticsLoop } from '../../src/automation/loops/analytics.js';
import { discoveryLoop } from '../../src/automation/loops/discovery.js';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { applyPostgresMigrations } from '../../src/infra/postgres/migrate.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { runCli } from '../../src/surfaces/cli/run-cli.js';
import { connectTools } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { writeMedia } from '../support/media-files.js';
import { MIGRATIONS } from '../support/migrations.js';
import { createTestDatabase, setupOnce, type TestDatabase } from '../support/postgres.js';
import { REFUSED_PORT } from '../support/refused-port.js';
import { runApp, spawnApp } from '../support/run-app.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome } from '../support/temp-home.js';

const EMOJI_TEXT = 'Ship it 🚀 — naïve café, 日本語, Ελληνικά 👩🏽‍💻';
const PASSWORD = 's3cret-pw';

/**
 * The test database's URL with a password in it: the throwaway cluster trusts 127.0.0.1 and ignores it; a
 * server of APP_TEST_PG_URL keeps the password it was given.
 */
function withPassword(database: TestDatabase): string {
  const url = new URL(database.url);
  url.username ||= 'postgres';
  url.password ||= PASSWORD;
  return url.toString();
}
const passwordOf = (database: TestDatabase) => new URL(withPassword(database)).password;
const masked = (database: TestDatabase) =>
  withPassword(database).replace(`:${passwordOf(database)}@`, ':***@');

const blocks = (...cards: { text: string; media?: string[] }[]) =>
  cards.map((card, order) => ({
    id: crypto.randomUUID(),
    text: card.text,
    media_paths: card.media ?? [],
    order,
  }));

async function upload(h: HttpHarness, name: string): Promise<string> {
  const file = writeMedia(`${h.home.dir}/${name}`, 'png');
  const { readFileSync } = await import('node:fs');
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)]), name);
  const response = await h.server.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { host: '127.0.0.1:3001', authorization: `Bearer ${h.token}` },
    payload: form,
  });
  expect(response.statusCode).toBe(201);
  return response.json().path as string;
}

/** What a few weeks of use leave in the database, made through the service's own HTTP API. */
async function useTheService(h: HttpHarness): Promise<void> {
  const ok = (response: { status: number; json: unknown }, status = 200) => {
    expect(response.status, JSON.stringify(response.json)).toBe(status);
    // biome-ignore lint/suspicious/noExplicitAny: the routes' answers are read as JSON.
    return response.json as any;
  };
  const asWork = { headers: { 'x-app-account': 'work' } };
  // The profile: users/me and the picture (a BLOB), on the platform bill.
  ok(await h.api('GET', '/api/account/profile'));
  // Notes with fragments (headings), in both accounts.
  ok(
    await h.api('POST', '/api/ingest', {
      inline_nodes: [
        {
          relative_path: 'ideas/launch.md',
          title: 'Launch plan 🚀',
          body_text: '# Launch\nShip on Monday.\n\n## Café notes\nNaïve questions are fine.\n',
          tags: ['launch'],
        },
        { relative_path: 'ideas/日本語.md', body_text: '# 見出し\n本文です。' },
      ],
    }),
  );
  ok(
    await h.api(
      'POST',
      '/api/ingest',
      { inline_nodes: [{ relative_path: 'work.md', body_text: '# Work\nOnly for work.' }] },
      asWork,
    ),
  );
  // A thread with media, approved and posted: approvals, a job, the outbox, posts, media uploads, the bill.
  const [first, second] = [await upload(h, 'one.png'), await upload(h, 'two.png')];
  const thread = ok(
    await h.api('POST', '/api/content/compose', {
      content_type: 'thread',
      blocks: blocks(
        { text: EMOJI_TEXT, media: [first as string] },
        { text: 'Second card', media: [second as string] },
      ),
      title: 'Launch thread',
    }),
    202,
  );
  ok(await h.api('POST', `/api/approval/${thread.approval_id}/approve`, { notes: 'lgtm ✅' }));
  expect((await h.postNow()).map((job) => job.status)).toEqual(['posted']);
  // A post waiting for approval, edited; one approved for later (a job still scheduled).
  const waiting = ok(
    await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: 'Needs a look' }),
    202,
  );
  ok(await h.api('PATCH', `/api/approval/${waiting.approval_id}`, { content: 'Needs a second look' }));
  const later = ok(
    await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Next week, über-early',
      scheduled_for: '2026-11-30T09:00:00Z',
    }),
    202,
  );
  ok(await h.api('POST', `/api/approval/${later.approval_id}/approve`, {}));
  // Drafts with tags, revisions and the note they came from, one with no title (NULL).
  const note = sqliteOf(h.app.deps.database)
    .sqlite.prepare("SELECT id FROM content_nodes WHERE relative_path = 'ideas/launch.md'")
    .pluck()
    .get() as number;
  const draft = ok(
    await h.api('POST', '/api/content/drafts', {
      content: 'first words',
      tags: ['Launch', 'émoji 🎉'],
      provenance: [{ node_id: note }],
    }),
    201,
  );
  ok(
    await h.api('PATCH', `/api/content/drafts/${draft.id}`, { content: EMOJI_TEXT, version: draft.version }),
  );
  // The second account's own rows.
  ok(
    await h.api('POST', '/api/content/drafts', { content: 'Work draft ✍️', title: 'Für die Arbeit' }, asWork),
    201,
  );
  ok(
    await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: 'Work post' }, asWork),
    202,
  );
  // The dashboard's passphrase and a session, a failed login, a request for an account that does not exist
  // (audited), an agent's tool call.
  ok(await h.api('POST', '/api/auth/setup', { passphrase: 'correct horse battery staple' }, { auth: false }));
  expect(
    (await h.api('POST', '/api/auth/login', { passphrase: 'not the passphrase' }, { auth: false })).status,
  ).toBe(401);
  expect(
    (await h.api('GET', '/api/content/drafts', undefined, { headers: { 'x-app-account': 'nobody' } })).status,
  ).toBe(404);
  const tools = await connectTools(h.app);
  expect((await tools.call('health_check')).success).toBe(true);
  await tools.close();
  // Telemetry is buffered for a moment: written now, so the copy and the test read the same database.
  await h.app.deps.telemetry.flush();
  // A discovery turn (posts found and scored, its keyword cursor) and two analytics turns a day apart
  // (follower snapshots, the posts' metrics and the topic scores).
  h.fake.state.seed({
    tweets: [
      { author_username: 'rust_rob', text: 'Anyone running a job queue on SQLite? 🤔', minutes_ago: 3 },
    ],
  });
  const signal = new AbortController().signal;
  await discoveryLoop.run(h.app.deps.forLoops, { signal });
  await analyticsLoop.run(h.app.deps.forLoops, { signal });
  h.clock.advance(25 * 3_600_000);
  await analyticsLoop.run(h.app.deps.forLoops, { signal });
  // The newest draft deleted: its id is not handed out again.
  const gone = ok(await h.api('POST', '/api/content/drafts', { content: 'deleted soon' }), 201);
  ok(await h.api('DELETE', `/api/content/drafts/${gone.id}`));
}

const service = setupOnce(async () => {
  const home = createTempHome();
  const h = await startHttpHarness(
    {
      mode: 'composer',
      business: { product_name: 'Queuebird', product_keywords: ['sqlite'] },
      schedule: { active_hours_start: 0, active_hours_end: 0 },
      accounts: { work: { display_name: 'Work ✍️' } },
    },
    { home, loginSeconds: 30 * 86_400 },
  );
  const work = h.app.accounts[1];
  if (!work) throw new Error('no work account');
  storeFakeLogin(h.fake, `${home.dir}/accounts/${work.id}/tokens.json`, { expiresInSeconds: 30 * 86_400 });
  await useTheService(h);
  return { h, home, sqlite: sqliteOf(h.app.deps.database).sqlite };
});

const databases: TestDatabase[] = [];
async function freshDatabase(): Promise<{ database: TestDatabase; client: pg.Client }> {
  const database = await createTestDatabase();
  databases.push(database);
  const client = await database.connect();
  clients.push(client);
  return { database, client };
}
const clients: pg.Client[] = [];

afterAll(async () => {
  for (const client of clients) await client.end().catch(() => undefined);
  for (const database of databases) await database.dispose();
  const built = await service.ifBuilt();
  if (built) {
    await built.h.close();
    built.home.cleanup();
  }
});

type Row = Record<string, unknown>;

/** SQLite's copied tables: the ordinary ones, without the FTS5 tables and the migrations' own record. */
function copiedTables(sqlite: BetterSqlite3.Database): string[] {
  return sqlite
    .prepare(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name",
    )
    .pluck()
    .all() as string[];
}

/** A value as text, the same from either driver: integers in decimal, blobs in hex. */
const normalize = (value: unknown) =>
  value === null ? null : Buffer.isBuffer(value) ? `x${value.toString('hex')}` : String(value);
const sortedRows = (rows: Row[]) =>
  rows
    .map((row) => JSON.stringify(Object.entries(row).map(([column, value]) => [column, normalize(value)])))
    .sort();

async function postgresRows(client: pg.Client, table: string): Promise<string[]> {
  return sortedRows((await client.query(`SELECT * FROM ${table}`)).rows);
}
function sqliteRows(sqlite: BetterSqlite3.Database, table: string): string[] {
  return sortedRows(sqlite.prepare(`SELECT * FROM ${table}`).safeIntegers(true).all() as Row[]);
}

async function postgresCounts(client: pg.Client, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  }
  return counts;
}

describe('app storage migrate --to postgres://…', () => {
  const migrated = setupOnce(async () => {
    const { sqlite, home } = await service.get();
    const { database, client } = await freshDatabase();
    // The built executable, without a terminal, as CI and scripts run it (its bundle carries the driver).
    const result = spawnApp(['storage', 'migrate', '--to', withPassword(database)], home.env);
    return { sqlite, home, database, client, result };
  });

  it('copies every table of a live service database, row for row, and says so table by table (the built app)', async () => {
    const { sqlite, client, result, home, database } = await migrated.get();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const tables = copiedTables(sqlite);
    expect(tables).toHaveLength(41);
    // The test's own check, independent of the command's checksums: every row equal in both stores.
    const empty: string[] = [];
    for (const table of tables) {
      const expected = sqliteRows(sqlite, table);
      if (expected.length === 0) empty.push(table);
      expect(await postgresRows(client, table), table).toEqual(expected);
    }
    // A realistic database: most tables hold rows.
    expect(tables.length - empty.length).toBeGreaterThanOrEqual(28);
    // What the user reads: where from and to (password masked), each table plainly (no terminal), the total.
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`Copying ${home.dir}/app.db into ${masked(database)}`);
    expect(result.stdout).not.toContain(passwordOf(database));
    expect(result.stdout).not.toContain('\r');
    const count = (table: string) => Number(sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
    for (const table of tables) {
      expect(lines).toContain(`copied ${table}: ${count(table)} ${count(table) === 1 ? 'row' : 'rows'}`);
    }
    expect(result.stdout).toContain(
      `Postgres schema: applied ${MIGRATIONS.count} migrations (0001_initial.sql … ${MIGRATIONS.newestFile})`,
    );
    for (const table of tables) {
      expect(
        lines.some((line) => new RegExp(`^${table} +${count(table)}  [0-9a-f]{12}  ok$`).test(line)),
        table,
      ).toBe(true);
    }
    const total = tables.reduce((sum, table) => sum + count(table), 0);
    expect(result.stdout).toMatch(
      new RegExp(
        `\\n41 tables, ${total} rows copied and verified \\(SQLite = Postgres\\) in \\d+\\.\\d\\d s; schema version ${MIGRATIONS.newest}\\.\\n`,
      ),
    );
  });

  it('keeps emoji text, a REAL cost, a NULL and the picture bytes as they were', async () => {
    const { sqlite, client } = await migrated.get();
    const draft = (
      await client.query('SELECT id, content, title FROM drafts WHERE content = $1', [EMOJI_TEXT])
    ).rows;
    expect(draft).toEqual([{ id: expect.any(String), content: EMOJI_TEXT, title: null }]);
    const cost = (
      await client.query("SELECT cost_usd FROM api_usage WHERE endpoint = '/2/tweets' ORDER BY id LIMIT 1")
    ).rows[0]?.cost_usd;
    expect(typeof cost).toBe('number');
    expect(cost).toBe(
      sqlite
        .prepare("SELECT cost_usd FROM api_usage WHERE endpoint = '/2/tweets' ORDER BY id LIMIT 1")
        .pluck()
        .get(),
    );
    expect(cost).toBeGreaterThan(0);
    const picture = (await client.query('SELECT picture FROM account_profile')).rows[0]?.picture as Buffer;
    expect(
      picture.equals(sqlite.prepare('SELECT picture FROM account_profile').pluck().get() as Buffer),
    ).toBe(true);
    const posts = (await client.query('SELECT text FROM posts ORDER BY thread_position')).rows.map(
      (r) => r.text,
    );
    expect(posts).toEqual([EMOJI_TEXT, 'Second card']);
  });

  it('continues every id after the copied ones, past a deleted draft too, and keeps one default account', async () => {
    const { sqlite, client } = await migrated.get();
    const accounts = (await client.query('SELECT id, label FROM accounts ORDER BY label')).rows;
    expect(accounts).toEqual([
      { id: DEFAULT_ACCOUNT_ID, label: 'default' },
      { id: expect.any(String), label: 'work' },
    ]);
    // The default account's row is SQLite's (created_at and all), not the one Postgres' migration seeded.
    expect(sqliteRows(sqlite, 'accounts')).toEqual(await postgresRows(client, 'accounts'));
    const counter = BigInt(
      sqlite.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'drafts'").pluck().get() as number,
    );
    const highest = BigInt(sqlite.prepare('SELECT max(id) FROM drafts').pluck().get() as number);
    expect(counter).toBeGreaterThan(highest);
    await client.query('BEGIN');
    try {
      const draft = await client.query("INSERT INTO drafts (content) VALUES ('after the move') RETURNING id");
      expect(BigInt(draft.rows[0].id)).toBe(counter + 1n);
      const note = await client.query(
        "INSERT INTO action_log (action_type, status) VALUES ('after', 'success') RETURNING id",
      );
      const lastLog = BigInt(sqlite.prepare('SELECT max(id) FROM action_log').pluck().get() as number);
      expect(BigInt(note.rows[0].id)).toBe(lastLog + 1n);
    } finally {
      await client.query('ROLLBACK');
    }
  });

  it('refuses a second run into the now non-empty target (exit 2) and changes nothing', async () => {
    const { sqlite, client, database, home } = await migrated.get();
    const tables = [...copiedTables(sqlite), 'schema_migrations'];
    const dump = async () => {
      const rows: string[][] = [];
      for (const table of tables) rows.push(await postgresRows(client, table));
      return rows;
    };
    const before = await dump();
    const again = await runApp(['storage', 'migrate', '--to', withPassword(database)], { env: home.env });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      /^app: refused: the target database is not empty \(tables [a-z_, ]*drafts[a-z_, ]* have rows\); migrate into an empty database\n$/,
    );
    expect(again.stderr + again.stdout).not.toContain(passwordOf(database));
    expect(await dump()).toEqual(before);
  });

  it('shows the copy as one line updated in place on a terminal, and --json gives the report', async () => {
    const { home, sqlite } = await service.get();
    const tty = await freshDatabase();
    let stdout = '';
    const code = await runCli(['storage', 'migrate', '--to', tty.database.url], {
      stdout: { write: (text: string) => (stdout += text), isTTY: true },
      stderr: { write: () => true },
      env: home.env,
      interactive: false,
    });
    expect(code).toBe(0);
    const drafts = sqlite.prepare('SELECT count(*) FROM drafts').pluck().get();
    expect(stdout).toContain(`\r\x1b[2Kcopying drafts (table `);
    expect(stdout).toMatch(new RegExp(`copying drafts \\(table \\d+/41\\): ${drafts}/${drafts} rows`));
    expect(stdout).toContain('\r\x1b[2Kverifying drafts');
    expect(stdout).not.toContain('copied drafts:');

    const json = await freshDatabase();
    const report = await runApp(['storage', 'migrate', '--to', withPassword(json.database), '--json'], {
      env: home.env,
    });
    expect(report.code).toBe(0);
    const parsed = JSON.parse(report.stdout);
    expect(parsed.target).toBe(masked(json.database));
    expect(report.stdout).not.toContain(passwordOf(json.database));
    expect(parsed.tables).toHaveLength(41);
    expect(parsed.tables.find((t: { table: string }) => t.table === 'drafts')).toEqual({
      table: 'drafts',
      rows: drafts,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      ok: true,
    });
    expect(parsed.migrations_applied).toHaveLength(MIGRATIONS.count);
  });
});

describe('app storage migrate refusals and failures', () => {
  it('exits 2 naming --to for a URL that is not postgres://, without echoing its password', async () => {
    const { home } = await service.get();
    for (const to of ['mysql://root:hunter2@127.0.0.1/app', 'not a url', 'http://u:hunter2@example.com']) {
      const result = await runApp(['storage', 'migrate', '--to', to], { env: home.env });
      expect(result.code, to).toBe(2);
      expect(result.stderr).toMatch(/^app: --to: '.*' is not (a postgres:\/\/ or postgresql:\/\/ URL|a URL)/);
      expect(result.stderr).not.toContain('hunter2');
    }
    expect((await runApp(['storage', 'migrate'], { env: home.env })).code).toBe(2);
  });

  it('exits 1 with the reason when the server cannot be reached, the password masked', async () => {
    const { home } = await service.get();
    const port = REFUSED_PORT;
    const result = await runApp(
      ['storage', 'migrate', '--to', `postgres://app:${PASSWORD}@127.0.0.1:${port}/app`],
      { env: home.env },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `app: cannot connect to postgres://app:***@127.0.0.1:${port}/app: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
    expect(result.stdout).not.toContain(PASSWORD);
  });

  it('leaves no rows behind when Postgres refuses a row mid-copy (a draft holding U+0000)', async () => {
    const { h } = await service.get();
    // The service accepts a NUL character in a draft; Postgres text cannot hold one. A copy of the database
    // (read by [storage] db_path) gets such a draft through the service itself.
    const copyHome = createTempHome();
    try {
      const copyPath = `${copyHome.dir}/elsewhere.db`;
      sqliteOf(h.app.deps.database).sqlite.exec(`VACUUM INTO '${copyPath}'`);
      const writer = await startHttpHarness(
        { storage: { db_path: copyPath }, accounts: { work: {} } },
        { home: copyHome },
      );
      const bad = await writer.api('POST', '/api/content/drafts', { content: 'pasted\u0000junk' });
      expect(bad.status).toBe(201);
      await writer.close();
      copyHome.writeConfig(`[storage]\ndb_path = "${copyPath}"\n`);

      const { database, client } = await freshDatabase();
      const result = await runApp(['storage', 'migrate', '--to', withPassword(database)], {
        env: copyHome.env,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `app: copying drafts failed, nothing was copied: Postgres refused the row with id = ${bad.json.id}, column content: invalid byte sequence for encoding "UTF8": 0x00\n`,
      );
      // Tables copied before drafts were rolled back with it: only what the migrations made is left.
      const copyDb = new BetterSqlite3(copyPath, { readonly: true });
      const tables = copiedTables(copyDb);
      copyDb.close();
      const counts = await postgresCounts(client, tables);
      expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([['accounts', 1]]);
      expect((await client.query('SELECT id, label FROM accounts')).rows).toEqual([
        { id: DEFAULT_ACCOUNT_ID, label: 'default' },
      ]);
      expect(Number((await client.query('SELECT count(*) AS n FROM schema_migrations')).rows[0].n)).toBe(
        MIGRATIONS.count,
      );
    } finally {
      copyHome.cleanup();
    }
  });

  it('fails (exit 1) naming the table when what Postgres stored differs from SQLite, and keeps nothing', async () => {
    const { home, sqlite } = await service.get();
    const { database, client } = await freshDatabase();
    // A target that changes what it is given: the schema migrated, plus a trigger of someone else's.
    await applyPostgresMigrations(client);
    await client.query(`CREATE FUNCTION shout() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.content := upper(NEW.content); RETURN NEW; END $$;
      CREATE TRIGGER shout BEFORE INSERT ON drafts FOR EACH ROW EXECUTE FUNCTION shout()`);
    const result = await runApp(['storage', 'migrate', '--to', withPassword(database)], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^app: verification failed, nothing was copied: drafts \(SQLite \d+ rows, sha256 [0-9a-f]{12}; Postgres \d+ rows, sha256 [0-9a-f]{12}\) differ between the stores\n$/,
    );
    const counts = await postgresCounts(client, copiedTables(sqlite));
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([['accounts', 1]]);
  });

  it('refuses (exit 2) a target whose schema is newer than this app, writing nothing', async () => {
    const { home, sqlite } = await service.get();
    const { database, client } = await freshDatabase();
    await applyPostgresMigrations(client);
    await client.query(
      "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (99, '0099_future.sql', 'x', 'then')",
    );
    const result = await runApp(['storage', 'migrate', '--to', withPassword(database)], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `app: refused: the target's schema version 99 is newer than this app (which knows up to version ${MIGRATIONS.newest})\n`,
    );
    const counts = await postgresCounts(client, copiedTables(sqlite));
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([['accounts', 1]]);
  });
});
