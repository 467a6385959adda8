// `[storage] url`: the service on a Postgres it cannot use says why and stops (exit 1, one line, password
// masked, no stack trace), and `app test` names the problem or the schema it found.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/infra/postgres/open-postgres.js';
import { MIGRATIONS } from '../support/migrations.js';
import { createTestDatabase } from '../support/postgres.js';
import { spawnApp } from '../support/run-app.js';
import { freshPostgres } from '../support/stores.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => {
  home.cleanup();
});

const useStore = (url: string) => writeFileSync(join(home.dir, 'config.toml'), `[storage]\nurl = "${url}"\n`);

/** A password the URL carries, so the tests can show it never appears. */
const withPassword = (url: string) => {
  const address = new URL(url);
  address.password = 'pw-never-shown';
  return address.toString();
};

describe('[storage] url', () => {
  it('app serve stops with exit 1 and the reason when Postgres cannot be reached', () => {
    useStore('postgres://app:pw-never-shown@127.0.0.1:9/app');
    const result = spawnApp(['serve', '--port', '0'], home.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^app: cannot open Postgres postgres:\/\/app:\*\*\*@127\.0\.0\.1:9\/app: connect ECONNREFUSED 127\.0\.0\.1:9\n$/,
    );
    expect(result.stdout + result.stderr).not.toContain('pw-never-shown');
  });

  it('app serve refuses a database a newer app migrated, naming both versions', async () => {
    const database = await freshPostgres();
    const store = await openPostgres({ url: database.url });
    await sql`insert into schema_migrations (version, name, checksum, applied_at)
      values (99, '0099_future.sql', 'x', '2027-01-01T00:00:00.000Z')`.execute(store.db);
    await store.close();
    useStore(withPassword(database.url));
    const result = spawnApp(['serve', '--port', '0'], home.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `database schema version 99 is newer than this app (which knows up to version ${MIGRATIONS.newest})`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout + result.stderr).not.toContain('pw-never-shown');
    // `app test` says the same, and writes nothing.
    const check = spawnApp(['test', '--offline'], home.env);
    expect(check.stdout).toMatch(
      new RegExp(
        `\\[FAIL\\] Database: .*database schema version 99 is newer than this app \\(which knows up to version ${MIGRATIONS.newest}\\)`,
      ),
    );
    await database.drop();
  });

  it('app test names an unreachable Postgres, and reports the schema of a reachable one without migrating it', async () => {
    useStore('postgres://app:pw-never-shown@127.0.0.1:9/app');
    const down = spawnApp(['test', '--offline'], home.env);
    expect(down.stdout).toContain(
      '[FAIL] Database: cannot open Postgres postgres://app:***@127.0.0.1:9/app: connect ECONNREFUSED 127.0.0.1:9',
    );
    expect(down.stdout + down.stderr).not.toContain('pw-never-shown');

    const migrated = await freshPostgres();
    useStore(withPassword(migrated.url));
    const up = spawnApp(['test', '--offline'], home.env);
    expect(up.stdout).toMatch(
      new RegExp(
        `\\[ok {2}\\] Database: reachable \\(postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:\\d+/app_test_\\w+, Postgres, schema version ${MIGRATIONS.newest}\\)\n`,
      ),
    );
    await migrated.drop();

    const empty = await createTestDatabase();
    useStore(withPassword(empty.url));
    const fresh = spawnApp(['test', '--offline'], home.env);
    expect(fresh.stdout).toContain(
      `, Postgres, schema version 0; ${MIGRATIONS.count} migrations to apply at the next start)`,
    );
    const client = await empty.connect();
    const { rows } = await client.query("select to_regclass('schema_migrations') is null as untouched");
    await client.end();
    expect(rows[0]).toEqual({ untouched: true });
    await empty.dispose();
  });

  it('is a setting like any other: a wrong URL refused naming the key (exit 2, file untouched), a URL shown masked', () => {
    useStore('postgres://app:pw-never-shown@db.internal:5432/app');
    const before = readFileSync(join(home.dir, 'config.toml'), 'utf8');
    const wrong = spawnApp(['settings', '--set', 'storage.url=mysql://app:pw-never-shown@db/app'], home.env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('storage.url: must be a postgres:// or postgresql:// URL');
    expect(wrong.stdout + wrong.stderr).not.toContain('pw-never-shown');
    expect(readFileSync(join(home.dir, 'config.toml'), 'utf8')).toBe(before);
    const shown = spawnApp(['settings', '--show'], home.env);
    expect(shown.stdout).toMatch(/\[storage\]\nurl = "\*+/);
    expect(shown.stdout).not.toContain('pw-never-shown');
  });
});
