// The two stores' schemas are one schema: every SQLite migration applied to a fresh SQLite file and every
// Postgres migration to a fresh Postgres database give the same tables, columns (order, mapped type,
// nullability, default), keys, foreign keys, indexes and number of CHECKs per table, and the same seed rows
// (docs/deployment.md, "Postgres schema"). SQLite's FTS5 search is Postgres' GIN indexes, checked apart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/infra/package-root.js';
import { applyPostgresMigrations } from '../../src/infra/postgres/migrate.js';
import { applyMigrations } from '../../src/infra/sqlite/migrate.js';
import { DB_TIMESTAMP_PATTERN } from '../../src/infra/sqlite/timestamps.js';
import { readMigrationFiles } from '../../src/infra/storage/migration-files.js';
import { createTestDatabase, setupOnce } from '../support/postgres.js';
import { postgresShape, type SchemaShape, shapeDifferences, sqliteShape } from './schema-shape.js';

/** SQLite's schema_migrations.version is INTEGER PRIMARY KEY, so a rowid; the runners always give it. */
function withoutBookkeepingRowid(shape: SchemaShape): SchemaShape {
  const version = shape.tables.schema_migrations?.columns[0];
  if (version?.name === 'version') version.generatedId = false;
  return shape;
}

const stores = setupOnce(async () => {
  const database = await createTestDatabase();
  const client = await database.connect();
  await applyPostgresMigrations(client);
  const dir = mkdtempSync(join(tmpdir(), 'app-schema-shape-'));
  const sqlite = new BetterSqlite3(join(dir, 'app.db'));
  sqlite.pragma('foreign_keys = ON');
  applyMigrations(sqlite);
  return {
    dir,
    sqlite,
    database,
    client,
    sqliteSchema: withoutBookkeepingRowid(sqliteShape(sqlite)),
    postgresSchema: await postgresShape(client),
  };
});

afterAll(async () => {
  const built = await stores.ifBuilt();
  if (!built) return;
  built.sqlite.close();
  await built.client.end();
  await built.database.dispose();
  rmSync(built.dir, { recursive: true, force: true });
});

describe('the Postgres schema', () => {
  it('has a migration of the same version and name for each SQLite migration', () => {
    const names = (path: string) => readMigrationFiles(path).map((file) => file.fileName);
    expect(names(packagePath('migrations', 'postgres'))).toEqual(names(packagePath('migrations')));
  });

  it("has SQLite's tables, columns, keys, indexes and checks", async () => {
    const { sqliteSchema, postgresSchema } = await stores.get();
    expect(Object.keys(sqliteSchema.tables)).toHaveLength(42);
    expect(shapeDifferences(sqliteSchema, postgresSchema)).toEqual([]);
    // The comparison above is only as good as what it reads: a few facts read from each side.
    expect(postgresSchema.tables.drafts?.columns[0]).toEqual({
      name: 'id',
      type: 'bigint',
      notNull: true,
      default: null,
      generatedId: true,
    });
    expect(sqliteSchema.tables.target_accounts?.uniqueKeys).toEqual(['account_id, lower(username)']);
    expect(
      sqliteSchema.tables.posting_jobs?.indexes.map((i) => [i.name, i.unique, i.partial]),
    ).toContainEqual(['posting_jobs_live_draft', true, true]);
    expect(sqliteSchema.tables.drafts?.checks).toBe(7);
  });

  it('searches notes and posts with GIN indexes in place of the FTS5 tables', async () => {
    const { sqlite, postgresSchema } = await stores.get();
    const fts = sqlite
      .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'virtual' ORDER BY name")
      .pluck()
      .all();
    expect(fts).toEqual(['content_nodes_fts', 'posts_fts']);
    expect(postgresSchema.searchIndexes).toEqual(['content_nodes_search', 'posts_search']);
  });

  it('seeds the same rows, with defaults in the same timestamp format', async () => {
    const { sqlite, client, sqliteSchema } = await stores.get();
    for (const table of Object.keys(sqliteSchema.tables).filter((t) => t !== 'schema_migrations')) {
      const shape = sqliteSchema.tables[table];
      const order = shape?.primaryKey.join(', ') ?? '1';
      const stamps = shape?.columns.filter((c) => c.default === 'now').map((c) => c.name) ?? [];
      const normalize = (row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => {
            if (stamps.includes(column)) {
              expect(value, `${table}.${column}`).toMatch(DB_TIMESTAMP_PATTERN);
              return [column, 'timestamp'];
            }
            return [column, value === null ? null : String(value)];
          }),
        );
      const fromSqlite = sqlite.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all() as Record<
        string,
        unknown
      >[];
      const fromPostgres = (await client.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
      expect(fromPostgres.map(normalize), table).toEqual(fromSqlite.map(normalize));
    }
    expect((await client.query('SELECT id, label FROM accounts')).rows).toEqual([
      { id: '00000000-0000-0000-0000-000000000000', label: 'default' },
    ]);
  });
});

describe('the comparison', () => {
  it('reports a column or an index missing on either side', async () => {
    const { sqlite, client } = await stores.get();
    // Transactional DDL on both sides: break, read, roll back.
    await client.query('BEGIN');
    sqlite.exec('BEGIN');
    try {
      await client.query('ALTER TABLE drafts DROP COLUMN notes');
      await client.query('DROP INDEX posts_by_author');
      sqlite.exec('DROP INDEX outbox_by_status');
      sqlite.exec('ALTER TABLE sources DROP COLUMN last_synced_at');
      const broken = shapeDifferences(
        withoutBookkeepingRowid(sqliteShape(sqlite)),
        await postgresShape(client),
      );
      expect(broken).toEqual([
        expect.stringMatching(/^drafts columns: SQLite \([^)]*notes[^)]*\), Postgres \((?![^)]*notes)/),
        'index outbox.outbox_by_status: only in Postgres',
        'index posts.posts_by_author: only in SQLite',
        expect.stringMatching(
          /^sources columns: SQLite \((?![^)]*last_synced_at)[^)]*\), Postgres \([^)]*last_synced_at/,
        ),
      ]);
    } finally {
      await client.query('ROLLBACK');
      sqlite.exec('ROLLBACK');
    }
    expect(
      shapeDifferences(withoutBookkeepingRowid(sqliteShape(sqlite)), await postgresShape(client)),
    ).toEqual([]);
  });
});
