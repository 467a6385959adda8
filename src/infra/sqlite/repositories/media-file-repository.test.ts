// MediaFileRepository on both stores, each migrated afresh.
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import type { Store } from '../../storage/store.js';
import { type MediaFileRecord, MediaFileRepository } from './media-file-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';

function record(id: string, path: string, overrides: Partial<MediaFileRecord> = {}): MediaFileRecord {
  return {
    id,
    path,
    originalName: 'photo.png',
    mime: 'image/png',
    kind: 'image',
    sizeBytes: 68,
    sha256: 'a'.repeat(64),
    width: 1,
    height: 1,
    durationMs: null,
    createdAt: new Date('2026-11-22T12:00:00.000Z'),
    ...overrides,
  };
}

describe.each(STORES)('MediaFileRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let database: Store;
  let repository: MediaFileRepository;

  beforeEach(async () => {
    database = await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    repository = new MediaFileRepository(database, DEFAULT_ACCOUNT_ID);
  });

  it('inserts and finds a file by id and by path, with every field round-tripped', async () => {
    const video = record('6f1c2b9e-2f0a-4f55-9a57-3c1d2e4f5a6b', '/data/media/a.mp4', {
      mime: 'video/mp4',
      kind: 'video',
      sizeBytes: 1234,
      width: null,
      height: null,
      durationMs: 5000,
      originalName: null,
    });
    await repository.insert(video);
    expect(await repository.findById(video.id)).toEqual(video);
    expect(await repository.findByPath('/data/media/a.mp4')).toEqual(video);
    expect(await repository.findById('00000000-0000-4000-8000-000000000099')).toBeUndefined();
    expect(await repository.findByPath('/data/media/missing.mp4')).toBeUndefined();
  });

  it('lists the known paths among many, ignoring unknown ones and duplicates', async () => {
    await repository.insert(record('6f1c2b9e-2f0a-4f55-9a57-3c1d2e4f5a01', '/m/1.png'));
    await repository.insert(record('6f1c2b9e-2f0a-4f55-9a57-3c1d2e4f5a02', '/m/2.gif', { kind: 'gif' }));
    const many = Array.from({ length: 1200 }, (_, i) => `/m/none-${i}.png`);
    const found = await repository.listByPaths(['/m/2.gif', ...many, '/m/1.png', '/m/1.png']);
    expect(found.map((r) => r.path).sort()).toEqual(['/m/1.png', '/m/2.gif']);
    expect(found.find((r) => r.path === '/m/2.gif')?.kind).toBe('gif');
    expect(await repository.listByPaths([])).toEqual([]);
  });

  it('keeps accounts apart', async () => {
    const other = new MediaFileRepository(database, OTHER_ACCOUNT);
    await other.insert(record('6f1c2b9e-2f0a-4f55-9a57-3c1d2e4f5a03', '/m/other.png'));
    expect(await repository.findById('6f1c2b9e-2f0a-4f55-9a57-3c1d2e4f5a03')).toBeUndefined();
    expect(await repository.findByPath('/m/other.png')).toBeUndefined();
    expect(await repository.listByPaths(['/m/other.png'])).toEqual([]);
    expect(await other.listByPaths(['/m/other.png'])).toHaveLength(1);
  });

  it('refuses a second row for the same path', async () => {
    await repository.insert(record('6f1c2b9e-2f0a-4f55-9a57-3c1d2e4f5a04', '/m/same.png'));
    await expect(
      repository.insert(record('6f1c2b9e-2f0a-4f55-9a57-3c1d2e4f5a05', '/m/same.png')),
    ).rejects.toThrow(/unique/i);
  });

  it('reports a corrupted kind as db_error', async () => {
    // STRICT and CHECK keep bad kinds out; dropping the check lets the test plant one as a corrupted file would.
    if (database.dialect === 'sqlite') database.sqlite.pragma('ignore_check_constraints = ON');
    else await sql`alter table media_files drop constraint media_files_kind_check`.execute(database.db);
    await sql`insert into media_files (id, path, mime, kind, size_bytes, sha256, created_at)
      values ('x', '/m/bad', 'image/png', 'sticker', 1, 'h', '2026-01-01T00:00:00.000Z')`.execute(
      database.db,
    );
    await expect(repository.findById('x')).rejects.toMatchObject({ code: 'db_error' });
  });
});
