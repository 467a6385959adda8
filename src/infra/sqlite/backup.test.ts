// Tests for online backups: a consistent snapshot while another thread keeps writing, naming, permissions,
// listing and pruning.
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { createBackup, listBackups, pruneBackups } from './backup.js';
import { openDatabase } from './open-database.js';

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

// Plain CommonJS run in a worker thread: one autocommit INSERT per sequence number until told to stop.
const WRITER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.dbPath);
db.pragma('busy_timeout = 10000');
db.pragma('synchronous = NORMAL');
const control = new Int32Array(workerData.control);
const insert = db.prepare("INSERT INTO action_log (action_type, message) VALUES ('seq', ?)");
let seq = 0;
while (Atomics.load(control, 0) === 0) {
  seq += 1;
  insert.run(String(seq));
  Atomics.store(control, 1, seq);
}
db.close();
`;

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'app-composer-backup-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  // wall clock: a deadline for the wait
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    // wall clock: a deadline for the wait
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function readOnly<T>(path: string, fn: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('createBackup', () => {
  it('copies a consistent snapshot while another thread keeps committing', async () => {
    const dbPath = join(dir, 'data', 'app.db');
    const database = openDatabase({ path: dbPath });
    // Enough data that VACUUM INTO takes a while, so the writer has time to commit during it.
    const pad = database.sqlite.prepare(
      "INSERT INTO action_log (action_type, message) VALUES ('padding', ?)",
    );
    database.sqlite.transaction(() => {
      for (let i = 0; i < 20_000; i++) pad.run(`${i}:${'x'.repeat(400)}`);
    })();
    const countSeq = database.sqlite
      .prepare("SELECT count(*) FROM action_log WHERE action_type = 'seq'")
      .pluck();

    const control = new Int32Array(new SharedArrayBuffer(8));
    const worker = new Worker(WRITER, {
      eval: true,
      workerData: { dbPath, driverPath, control: control.buffer },
    });
    const exited = once(worker, 'exit');
    let workerError: unknown;
    worker.on('error', (error) => {
      workerError = error;
    });

    try {
      await until(() => Atomics.load(control, 1) >= 200 || workerError !== undefined);
      expect(workerError).toBeUndefined();

      const committedBefore = countSeq.get() as number;
      const info = await createBackup({ dbPath, outputDir: join(dir, 'backups') });
      const committedWhenDone = Atomics.load(control, 1);

      const { integrity, seqs, padding } = readOnly(info.path, (copy) => ({
        integrity: copy.pragma('integrity_check', { simple: true }),
        seqs: copy
          .prepare("SELECT CAST(message AS INTEGER) FROM action_log WHERE action_type = 'seq' ORDER BY id")
          .pluck()
          .all() as number[],
        padding: copy.prepare("SELECT count(*) FROM action_log WHERE action_type = 'padding'").pluck().get(),
      }));
      const k = seqs.length;

      expect(integrity).toBe('ok');
      expect(padding).toBe(20_000);
      expect(seqs).toEqual(Array.from({ length: k }, (_, i) => i + 1));
      expect(k).toBeGreaterThanOrEqual(committedBefore);
      // The writer was never blocked: it kept committing while (and after) the copy was taken.
      expect(committedWhenDone).toBeGreaterThan(k);

      Atomics.store(control, 0, 1);
      await exited;
      expect(workerError).toBeUndefined();
      expect(countSeq.get() as number).toBeGreaterThan(k);
    } finally {
      Atomics.store(control, 0, 1);
      await exited;
      await database.close();
    }
  });

  it('names the file by UTC time, keeps it private, and never overwrites an earlier backup', async () => {
    const dbPath = join(dir, 'app.db');
    const database = openDatabase({ path: dbPath });
    await database.db.insertInto('cursors').values({ key: 'k', value: 'v' }).execute();
    await database.close();
    const outputDir = join(dir, 'out', 'backups');
    const now = new Date('2025-03-04T05:06:07.089Z');

    const first = await createBackup({ dbPath, outputDir, now });
    const second = await createBackup({ dbPath, outputDir, now });

    expect(first.fileName).toBe('app_20250304_050607_089.db');
    expect(second.fileName).toBe('app_20250304_050607_089_1.db');
    expect(first.createdAt).toEqual(now);
    expect(first.sizeBytes).toBe(statSync(first.path).size);
    expect(first.sizeBytes).toBeGreaterThan(0);
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    expect(statSync(outputDir).mode & 0o777).toBe(0o700);
    expect(readOnly(first.path, (copy) => copy.prepare('SELECT value FROM cursors').pluck().all())).toEqual([
      'v',
    ]);
    expect(readdirSync(outputDir).sort()).toEqual([first.fileName, second.fileName]);
  });

  it('fails with db_error and leaves nothing behind when the database does not exist', async () => {
    const outputDir = join(dir, 'backups');
    await expect(createBackup({ dbPath: join(dir, 'nope.db'), outputDir })).rejects.toMatchObject({
      code: 'db_error',
    });
    expect(existsSync(outputDir)).toBe(false);
  });

  it('deletes the copy and fails with db_error when the source is not a database', async () => {
    const dbPath = join(dir, 'garbage.db');
    writeFileSync(dbPath, 'this is not an sqlite file, just some text that is long enough to have a header');
    const outputDir = join(dir, 'backups');
    const error = await createBackup({ dbPath, outputDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('db_error');
    expect(readdirSync(outputDir)).toEqual([]);
  });
});

describe('listBackups and pruneBackups', () => {
  const names = [
    'app_20250101_000000_000.db',
    'app_20250301_120000_500.db',
    'app_20250301_120000_500_1.db',
    'app_20241231_235959_999.db',
  ];

  function seed(): void {
    mkdirSync(dir, { recursive: true });
    for (const name of names) writeFileSync(join(dir, name), 'x');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    writeFileSync(join(dir, 'app_2025.db'), 'not a backup name');
    mkdirSync(join(dir, 'app_20990101_000000_000.db'));
  }

  it('lists only backup files, newest first', () => {
    seed();
    const listed = listBackups(dir);
    expect(listed.map((b) => b.fileName)).toEqual([
      'app_20250301_120000_500_1.db',
      'app_20250301_120000_500.db',
      'app_20250101_000000_000.db',
      'app_20241231_235959_999.db',
    ]);
    expect(listed[1]).toEqual({
      path: join(dir, 'app_20250301_120000_500.db'),
      fileName: 'app_20250301_120000_500.db',
      sizeBytes: 1,
      createdAt: new Date('2025-03-01T12:00:00.500Z'),
    });
  });

  it('returns an empty list for a missing directory', () => {
    expect(listBackups(join(dir, 'missing'))).toEqual([]);
    expect(pruneBackups(join(dir, 'missing'), 1)).toEqual({ kept: [], removed: [] });
  });

  it('keeps the newest N and deletes the rest', () => {
    seed();
    const result = pruneBackups(dir, 2);
    expect(result.kept.map((b) => b.fileName)).toEqual([
      'app_20250301_120000_500_1.db',
      'app_20250301_120000_500.db',
    ]);
    expect(result.removed.map((b) => b.fileName)).toEqual([
      'app_20250101_000000_000.db',
      'app_20241231_235959_999.db',
    ]);
    expect(listBackups(dir).map((b) => b.fileName)).toEqual(result.kept.map((b) => b.fileName));
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);

    expect(pruneBackups(dir, 0).removed).toHaveLength(2);
    expect(listBackups(dir)).toEqual([]);
  });

  it('rejects a keep count that is not a non-negative integer', () => {
    seed();
    for (const keep of [-1, 1.5, Number.NaN]) {
      expect(() => pruneBackups(dir, keep)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    }
    expect(listBackups(dir)).toHaveLength(4);
  });
});
