// Tests for openDatabase: file and directory permissions, pragmas, migrations at open, read-only mode, close.
import { mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { packagePath } from '../package-root.js';
import { BURST_BYTES } from './checkpointer.js';
import { type AppDatabase, openDatabase } from './open-database.js';

let dir: string;
const opened: AppDatabase[] = [];

function track(database: AppDatabase): AppDatabase {
  opened.push(database);
  return database;
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-composer-open-'));
});

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates a private directory and file, in WAL mode with foreign keys on', async () => {
    const path = join(dir, 'nested', 'data', 'app.db');
    const database = track(openDatabase({ path }));
    await database.db.insertInto('drafts').values({ content: 'first' }).execute();

    expect(mode(join(dir, 'nested'))).toBe(0o700);
    expect(mode(join(dir, 'nested', 'data'))).toBe(0o700);
    expect(mode(path)).toBe(0o600);
    expect(mode(`${path}-wal`)).toBe(0o600);
    expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(database.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(database.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(database.path).toBe(path);
  });

  it('honours a custom busy timeout', () => {
    const database = track(openDatabase({ path: ':memory:', busyTimeoutMs: 1234 }));
    expect(database.sqlite.pragma('busy_timeout', { simple: true })).toBe(1234);
  });

  it('gives an in-memory database the full schema, usable through Kysely', async () => {
    const { db } = track(openDatabase({ path: ':memory:' }));
    const inserted = await db
      .insertInto('drafts')
      .values({ content: 'hello', title: 'greeting' })
      .returning(['id', 'status', 'version', 'account_id', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(inserted).toMatchObject({
      id: 1,
      status: 'draft',
      version: 1,
      account_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(inserted.created_at).toMatch(/Z$/);
  });

  it('keeps data across re-opens and does not migrate twice', async () => {
    const path = join(dir, 'app.db');
    const first = openDatabase({ path });
    await first.db.insertInto('cursors').values({ key: 'mentions', value: '42' }).execute();
    await first.close();

    const second = track(openDatabase({ path }));
    const rows = await second.db.selectFrom('cursors').select(['key', 'value']).execute();
    expect(rows).toEqual([{ key: 'mentions', value: '42' }]);
    const shipped = readdirSync(packagePath('migrations')).filter((f) => f.endsWith('.sql')).length;
    expect(second.sqlite.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(shipped);
  });

  it('skips migrations when asked', () => {
    const database = track(openDatabase({ path: ':memory:', migrate: false }));
    expect(
      database.sqlite.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get(),
    ).toBe(0);
  });

  it('opens an existing file read-only: reads work, writes are refused', async () => {
    const path = join(dir, 'app.db');
    const writer = track(openDatabase({ path }));
    await writer.db.insertInto('cursors').values({ key: 'k', value: 'v' }).execute();

    const reader = track(openDatabase({ path, readonly: true }));
    expect(await reader.db.selectFrom('cursors').select('value').execute()).toEqual([{ value: 'v' }]);
    await expect(reader.db.insertInto('cursors').values({ key: 'x', value: 'y' }).execute()).rejects.toThrow(
      /readonly/,
    );
  });

  it('reports a missing file opened read-only as db_error without creating it', () => {
    const path = join(dir, 'missing', 'app.db');
    let caught: unknown;
    try {
      openDatabase({ path, readonly: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('db_error');
    expect(() => statSync(join(dir, 'missing'))).toThrow();
  });

  it('closes once, even when close() is called twice', async () => {
    const database = openDatabase({ path: join(dir, 'app.db') });
    await Promise.all([database.close(), database.close()]);
    await database.close();
    expect(database.sqlite.open).toBe(false);
  });
});

describe('background checkpoints', () => {
  const fill = (database: AppDatabase, rows = 300) => {
    const insert = database.sqlite.prepare(
      "insert into action_log (action_type, message) values ('probe', ?)",
    );
    database.sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run('x'.repeat(500));
    })();
  };
  // More than BURST_BYTES of WAL between two ticks.
  const burst = (database: AppDatabase) => fill(database, Math.ceil((BURST_BYTES * 1.5) / 500));
  /** The process's threads (Linux): a checkpoint thread is one more. */
  const threads = () => readdirSync('/proc/self/task').length;
  const size = (path: string) => statSync(path).size;
  /** The files of the database named `name` in the test folder (the WAL and shm are gone after a close). */
  const filesOf = (name: string) => readdirSync(dir).filter((file) => file.startsWith(name));
  /** A database with 20 ms ticks, a burst written to it, and its checkpoint thread running. */
  const afterBurst = async (name: string) => {
    const path = join(dir, name);
    await stat(dir); // libuv's thread pool exists before counting
    const database = openDatabase({ path, checkpointIntervalMs: 20 });
    const count = threads();
    burst(database);
    await expect.poll(threads, { timeout: 5_000 }).toBeGreaterThan(count);
    return { path, database, count };
  };

  it('everyday writes: the timer moves committed pages into the database file, no thread started', async () => {
    const path = join(dir, 'timer.db');
    await stat(dir); // libuv's thread pool exists before counting
    const database = openDatabase({ path, checkpointIntervalMs: 20 });
    const before = size(path);
    const count = threads();
    fill(database);
    await expect.poll(() => size(path), { timeout: 5_000 }).toBeGreaterThan(before + 100_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(threads()).toBe(count);
    await database.close();
  });

  it('a burst: a thread of their own grows the file while the event loop is blocked, and ends after it', async () => {
    const { path, database, count } = await afterBurst('thread.db');
    fill(database);
    const before = size(path);
    // Nothing on this thread runs until the loop below returns: only another thread can grow the file.
    // wall clock: a deadline for the wait
    const deadline = Date.now() + 5_000;
    let grown = false;
    // wall clock: a deadline for the wait
    while (!grown && Date.now() < deadline) grown = size(path) > before;
    expect(grown).toBe(true);
    // Ten ticks with nothing to copy, and the thread is gone.
    await expect.poll(threads, { timeout: 5_000 }).toBe(count);
    await database.close();
    // The last connection to close checkpointed and removed the WAL.
    expect(filesOf('thread.db')).toEqual(['thread.db']);
  });

  it('close() ends a running thread first, so the WAL is removed', async () => {
    const { database, count } = await afterBurst('closing.db');
    await database.close();
    expect(threads()).toBe(count);
    expect(filesOf('closing.db')).toEqual(['closing.db']);
  });

  it('fall back to the event loop when the thread cannot open the database', async () => {
    const path = join(dir, 'moved.db');
    const database = openDatabase({ path, checkpointIntervalMs: 20 });
    // The file moves away under the open connection: the thread's own open of `path` fails.
    renameSync(path, join(dir, 'elsewhere.db'));
    const before = size(join(dir, 'elsewhere.db'));
    burst(database);
    await expect
      .poll(() => size(join(dir, 'elsewhere.db')), { timeout: 5_000 })
      .toBeGreaterThan(before + 100_000);
    await database.close();
  });

  it('without the timer, a few hundred writes stay in the WAL until SQLite decides', async () => {
    const path = join(dir, 'no-timer.db');
    const database = openDatabase({ path, checkpointIntervalMs: 0 });
    const before = statSync(path).size;
    fill(database);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statSync(path).size).toBe(before);
    await database.close();
  });
});
