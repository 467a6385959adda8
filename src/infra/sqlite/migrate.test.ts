// Tests for the migration runner: fresh apply, idempotence, refusal on edited or unknown history, atomicity.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { packagePath } from '../package-root.js';
import { applyMigrations, migrationChecksum, readMigrationFiles } from './migrate.js';

let dir: string;
const open: Database[] = [];

function connect(path = ':memory:'): Database {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('foreign_keys = ON');
  open.push(sqlite);
  return sqlite;
}

function tables(sqlite: Database): string[] {
  return (
    sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((row) => row.name);
}

function versions(sqlite: Database): number[] {
  return (
    sqlite.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]
  ).map((row) => row.version);
}

function write(name: string, sql: string): void {
  writeFileSync(join(dir, name), sql);
}

function catchError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an error');
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-composer-migrate-'));
});

afterEach(() => {
  for (const sqlite of open.splice(0)) sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('applyMigrations with the shipped migrations', () => {
  it('creates every table on a fresh database and records the checksum', () => {
    const sqlite = connect();
    const result = applyMigrations(sqlite);
    const shipped = readMigrationFiles(packagePath('migrations')).map((m) => m.fileName);
    expect(result.applied).toEqual(shipped);
    expect(shipped[0]).toBe('0001_initial.sql');
    expect(tables(sqlite)).toEqual(
      expect.arrayContaining(['accounts', 'drafts', 'outbox', 'schema_migrations']),
    );
    const row = sqlite.prepare('SELECT * FROM schema_migrations WHERE version = 1').get() as Record<
      string,
      unknown
    >;
    const sql = readFileSync(packagePath('migrations', '0001_initial.sql'), 'utf8');
    expect(row).toMatchObject({ version: 1, name: '0001_initial.sql', checksum: migrationChecksum(sql) });
    expect(row.applied_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('applies nothing when a file database is re-opened, and keeps its data', () => {
    const path = join(dir, 'app.db');
    const first = connect(path);
    applyMigrations(first);
    first.prepare("INSERT INTO drafts (content) VALUES ('hello')").run();
    first.close();

    const again = connect(path);
    expect(applyMigrations(again)).toEqual({ applied: [] });
    expect(versions(again)).toEqual(readMigrationFiles(packagePath('migrations')).map((m) => m.version));
    expect(again.prepare('SELECT content FROM drafts').pluck().all()).toEqual(['hello']);
  });

  it('leaves foreign keys enforced afterwards', () => {
    const sqlite = connect();
    applyMigrations(sqlite);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});

describe('applyMigrations with a custom directory', () => {
  it('applies files in numeric order, each recorded once', () => {
    write('0010_third.sql', 'ALTER TABLE a ADD COLUMN c TEXT;');
    write('0002_second.sql', 'ALTER TABLE a ADD COLUMN b TEXT;');
    write('0001_first.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    write('README.txt', 'not a migration');
    const sqlite = connect();
    expect(applyMigrations(sqlite, dir).applied).toEqual([
      '0001_first.sql',
      '0002_second.sql',
      '0010_third.sql',
    ]);
    expect(versions(sqlite)).toEqual([1, 2, 10]);
    expect(applyMigrations(sqlite, dir).applied).toEqual([]);
  });

  it('applies only the new file when the app ships a new migration', () => {
    write('0001_first.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    const sqlite = connect();
    applyMigrations(sqlite, dir);
    write('0002_second.sql', 'CREATE TABLE b (id INTEGER PRIMARY KEY);');
    expect(applyMigrations(sqlite, dir).applied).toEqual(['0002_second.sql']);
    expect(tables(sqlite)).toEqual(['a', 'b', 'schema_migrations']);
  });

  it('refuses to run when an applied migration was edited', () => {
    write('0001_initial.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    const sqlite = connect();
    applyMigrations(sqlite, dir);
    write('0001_initial.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY, extra TEXT);');
    write('0002_next.sql', 'CREATE TABLE b (id INTEGER PRIMARY KEY);');

    const error = catchError(() => applyMigrations(sqlite, dir));
    expect(error.code).toBe('db_error');
    expect(error.message).toBe('migration 0001_initial.sql was modified after it was applied');
    expect(tables(sqlite)).toEqual(['a', 'schema_migrations']);
  });

  it('does not treat CRLF line endings as an edit', () => {
    write('0001_initial.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);\n');
    const sqlite = connect();
    applyMigrations(sqlite, dir);
    write('0001_initial.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);\r\n');
    expect(applyMigrations(sqlite, dir).applied).toEqual([]);
  });

  it('refuses a database written by a newer app', () => {
    write('0001_first.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    write('0002_second.sql', 'CREATE TABLE b (id INTEGER PRIMARY KEY);');
    const sqlite = connect();
    applyMigrations(sqlite, dir);
    rmSync(join(dir, '0002_second.sql'));

    const error = catchError(() => applyMigrations(sqlite, dir));
    expect(error.code).toBe('db_error');
    expect(error.message).toBe(
      'database schema version 2 is newer than this app (which knows up to version 1)',
    );
  });

  it('rolls a failing migration back completely and applies it once fixed', () => {
    write('0001_first.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    write(
      '0002_broken.sql',
      'CREATE TABLE half (id INTEGER PRIMARY KEY);\nINSERT INTO missing_table VALUES (1);',
    );
    const sqlite = connect();

    const error = catchError(() => applyMigrations(sqlite, dir));
    expect(error.code).toBe('db_error');
    expect(error.message).toContain('migration 0002_broken.sql failed');
    expect(error.message).toContain('missing_table');
    expect(tables(sqlite)).toEqual(['a', 'schema_migrations']);
    expect(versions(sqlite)).toEqual([1]);

    write('0002_broken.sql', 'CREATE TABLE half (id INTEGER PRIMARY KEY);');
    expect(applyMigrations(sqlite, dir).applied).toEqual(['0002_broken.sql']);
  });

  it('lets a migration rebuild a parent table without cascading deletes into its children', () => {
    write(
      '0001_first.sql',
      `CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
       CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id) ON DELETE CASCADE);
       INSERT INTO parent VALUES (1, 'p');
       INSERT INTO child VALUES (10, 1);`,
    );
    write(
      '0002_rebuild.sql',
      `CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
       INSERT INTO parent_new SELECT id, name FROM parent;
       DROP TABLE parent;
       ALTER TABLE parent_new RENAME TO parent;`,
    );
    const sqlite = connect();
    applyMigrations(sqlite, dir);
    expect(sqlite.prepare('SELECT id, parent_id FROM child').all()).toEqual([{ id: 10, parent_id: 1 }]);
  });

  it('rejects a migration that leaves dangling foreign keys', () => {
    write(
      '0001_first.sql',
      `CREATE TABLE parent (id INTEGER PRIMARY KEY);
       CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id));
       INSERT INTO child VALUES (1, 99);`,
    );
    const sqlite = connect();
    const error = catchError(() => applyMigrations(sqlite, dir));
    expect(error.message).toBe('migration 0001_first.sql leaves foreign-key violations');
    expect(tables(sqlite)).toEqual(['schema_migrations']);
  });

  it('rejects misnamed and duplicate-version files instead of skipping them', () => {
    write('1_first.sql', 'CREATE TABLE a (id INTEGER PRIMARY KEY);');
    expect(catchError(() => applyMigrations(connect(), dir)).message).toContain('1_first.sql is not named');
    rmSync(join(dir, '1_first.sql'));
    write('0001_a.sql', 'SELECT 1;');
    write('0001_b.sql', 'SELECT 1;');
    expect(catchError(() => applyMigrations(connect(), dir)).message).toContain('share a version');
  });
});
