// Tests for the Postgres migration runner, on a database of this file's own (each test in a schema of its
// own): the shipped files, idempotence, two runners at once, and the same refusals as the SQLite runner.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../test/support/migrations.js';
import { createTestDatabase, setupOnce } from '../../../test/support/postgres.js';
import { AppError } from '../../core/errors.js';
import { packagePath } from '../package-root.js';
import { applyMigrations } from '../sqlite/migrate.js';
import { migrationChecksum, readMigrationFiles } from '../storage/migration-files.js';
import { applyPostgresMigrations } from './migrate.js';

const database = setupOnce(createTestDatabase);
let dir: string;
let schema: string;
let schemas = 0;
const open: pg.Client[] = [];

/** A connection working in this test's schema. */
async function connect(): Promise<pg.Client> {
  const client = await (await database.get()).connect();
  open.push(client);
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}`);
  return client;
}

async function tables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  return rows.map((row) => row.name);
}

async function versions(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ version: number }>(
    'SELECT version::integer AS version FROM schema_migrations ORDER BY version',
  );
  return rows.map((row) => row.version);
}

function write(name: string, sql: string): void {
  writeFileSync(join(dir, name), sql);
}

async function refusal(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an error');
}

/** What the SQLite runner says for the same files, to hold both runners to one wording. */
async function sqliteRefusal(steps: ((sqlite: BetterSqlite3.Database) => void)[]): Promise<AppError> {
  const sqlite = new BetterSqlite3(':memory:');
  try {
    const last = steps.pop();
    for (const step of steps) step(sqlite);
    return await refusal(() => last?.(sqlite));
  } finally {
    sqlite.close();
  }
}

afterAll(async () => {
  await (await database.ifBuilt())?.dispose();
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-pg-migrate-'));
  schemas += 1;
  schema = `runner_${schemas}`;
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.end()));
  rmSync(dir, { recursive: true, force: true });
});

describe('applyPostgresMigrations with the shipped migrations', () => {
  it('creates every table on a fresh database and records each file as SQLite does', async () => {
    const client = await connect();
    const shipped = readMigrationFiles(packagePath('migrations', 'postgres')).map((m) => m.fileName);
    expect(await applyPostgresMigrations(client)).toEqual({ applied: shipped });
    expect(shipped).toHaveLength(MIGRATIONS.count);
    expect(await tables(client)).toHaveLength(42);
    const { rows } = await client.query('SELECT * FROM schema_migrations WHERE version = 1');
    const sql = readFileSync(packagePath('migrations', 'postgres', '0001_initial.sql'), 'utf8');
    expect(rows[0]).toMatchObject({
      version: '1',
      name: '0001_initial.sql',
      checksum: migrationChecksum(sql),
    });
    expect(rows[0].applied_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('applies nothing the second time, and keeps the data', async () => {
    const client = await connect();
    await applyPostgresMigrations(client);
    await client.query("INSERT INTO drafts (content) VALUES ('hello')");
    const again = await connect();
    expect(await applyPostgresMigrations(again)).toEqual({ applied: [] });
    expect(await versions(again)).toEqual(
      readMigrationFiles(packagePath('migrations', 'postgres')).map((m) => m.version),
    );
    expect((await again.query('SELECT content FROM drafts')).rows).toEqual([{ content: 'hello' }]);
  });
});

describe('applyPostgresMigrations with a custom directory', () => {
  it('lets two runners at once apply each migration once', async () => {
    // The first file takes a while, so the second runner arrives while the first is inside it.
    write('0001_slow.sql', 'CREATE TABLE a (id BIGINT PRIMARY KEY); SELECT pg_sleep(0.3);');
    write('0002_second.sql', 'CREATE TABLE b (id BIGINT PRIMARY KEY);');
    const [one, two] = [await connect(), await connect()];
    const results = await Promise.all([applyPostgresMigrations(one, dir), applyPostgresMigrations(two, dir)]);
    expect(results.map((r) => r.applied).sort((x, y) => y.length - x.length)).toEqual([
      ['0001_slow.sql', '0002_second.sql'],
      [],
    ]);
    expect(await versions(one)).toEqual([1, 2]);
    expect(await tables(one)).toEqual(['a', 'b', 'schema_migrations']);
  });

  it('applies files in numeric order, and only the new one when the app ships it', async () => {
    write('0010_third.sql', 'ALTER TABLE a ADD COLUMN c TEXT;');
    write('0002_second.sql', 'ALTER TABLE a ADD COLUMN b TEXT;');
    write('0001_first.sql', 'CREATE TABLE a (id BIGINT PRIMARY KEY);');
    const client = await connect();
    expect((await applyPostgresMigrations(client, dir)).applied).toEqual([
      '0001_first.sql',
      '0002_second.sql',
      '0010_third.sql',
    ]);
    write('0011_fourth.sql', 'CREATE TABLE d (id BIGINT PRIMARY KEY);');
    expect((await applyPostgresMigrations(client, dir)).applied).toEqual(['0011_fourth.sql']);
    expect(await versions(client)).toEqual([1, 2, 10, 11]);
  });

  it("refuses a database written by a newer app, with the SQLite runner's error", async () => {
    const first = 'CREATE TABLE a (id INTEGER PRIMARY KEY);';
    const second = 'CREATE TABLE b (id INTEGER PRIMARY KEY);';
    write('0001_first.sql', first);
    write('0002_second.sql', second);
    const client = await connect();
    await applyPostgresMigrations(client, dir);
    rmSync(join(dir, '0002_second.sql'));
    const error = await refusal(() => applyPostgresMigrations(client, dir));

    write('0002_second.sql', second);
    const fromSqlite = await sqliteRefusal([
      (sqlite) => applyMigrations(sqlite, dir),
      () => rmSync(join(dir, '0002_second.sql')),
      (sqlite) => applyMigrations(sqlite, dir),
    ]);
    expect(error.code).toBe('db_error');
    expect(error.message).toBe(
      'database schema version 2 is newer than this app (which knows up to version 1)',
    );
    expect({ code: error.code, message: error.message, details: error.details }).toEqual({
      code: fromSqlite.code,
      message: fromSqlite.message,
      details: fromSqlite.details,
    });
  });

  it('refuses to run when an applied migration was edited, applying nothing', async () => {
    write('0001_initial.sql', 'CREATE TABLE a (id BIGINT PRIMARY KEY);');
    const client = await connect();
    await applyPostgresMigrations(client, dir);
    write('0001_initial.sql', 'CREATE TABLE a (id BIGINT PRIMARY KEY, extra TEXT);');
    write('0002_next.sql', 'CREATE TABLE b (id BIGINT PRIMARY KEY);');
    const error = await refusal(() => applyPostgresMigrations(client, dir));
    expect(error.code).toBe('db_error');
    expect(error.message).toBe('migration 0001_initial.sql was modified after it was applied');
    expect(await tables(client)).toEqual(['a', 'schema_migrations']);
  });

  it('rolls a failing migration back completely, DDL included, and lets the next runner apply it fixed', async () => {
    write('0001_first.sql', 'CREATE TABLE a (id BIGINT PRIMARY KEY);');
    write(
      '0002_broken.sql',
      'CREATE TABLE half (id BIGINT PRIMARY KEY);\nINSERT INTO missing_table VALUES (1);',
    );
    const client = await connect();
    const error = await refusal(() => applyPostgresMigrations(client, dir));
    expect(error.code).toBe('db_error');
    expect(error.message).toContain('migration 0002_broken.sql failed');
    expect(error.message).toContain('missing_table');
    expect(await tables(client)).toEqual(['a', 'schema_migrations']);
    expect(await versions(client)).toEqual([1]);

    // Another connection: the failed run let go of the lock.
    write('0002_broken.sql', 'CREATE TABLE half (id BIGINT PRIMARY KEY);');
    expect((await applyPostgresMigrations(await connect(), dir)).applied).toEqual(['0002_broken.sql']);
  });
});
