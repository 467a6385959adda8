// ConnectionRepository on both stores (SQLite in a file, so the bytes on disk can be searched for the token).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { SecretBox } from '../../security/secret-box.js';
import type { Store } from '../../storage/store.js';
import { openDatabase } from '../open-database.js';
import { ConnectionRepository } from './connection-repository.js';

const OTHER_ACCOUNT = '11111111-1111-4111-8111-111111111111';
const AT = new Date('2026-11-22T12:00:00.000Z');
const TOKEN = '1//0g-refresh-token-that-must-never-be-stored-in-clear';

describe.each(STORES)('ConnectionRepository (%s)', (dialect) => {
  const stores = testStores(dialect);
  let dir: string;
  let database: Store;
  let box: SecretBox;
  let repo: ConnectionRepository;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'connections-'));
    database = dialect === 'sqlite' ? openDatabase({ path: join(dir, 'app.db') }) : await stores.open();
    await database.db.insertInto('accounts').values({ id: OTHER_ACCOUNT, label: 'other' }).execute();
    box = new SecretBox(join(dir, 'connector.key'));
    repo = new ConnectionRepository(database, DEFAULT_ACCOUNT_ID, box, { now: () => AT });
  });
  afterEach(async () => {
    if (database.dialect === 'sqlite') await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const link = () =>
    repo.create(
      {
        connectorType: 'cloud_drive',
        accountEmail: 'writer@example.com',
        displayName: 'Writer',
        grant: { refreshToken: TOKEN },
        metadata: { scope: 'drive.readonly', linked_at: AT.toISOString() },
      },
      AT,
    );

  it('stores a connection with its grant sealed; lists and reads it back without the token', async () => {
    const created = await link();
    expect(created).toEqual({
      id: 1,
      connector_type: 'cloud_drive',
      account_email: 'writer@example.com',
      display_name: 'Writer',
      status: 'active',
      metadata: { scope: 'drive.readonly', linked_at: AT.toISOString() },
      created_at: AT.toISOString(),
      updated_at: AT.toISOString(),
    });
    expect(await repo.list('cloud_drive')).toEqual([created]);
    expect(await repo.grant(created.id)).toEqual({ refreshToken: TOKEN });
    const blob = await database.db
      .selectFrom('connections')
      .select('encrypted_credentials as b')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(blob.b as Uint8Array).toString('latin1')).not.toContain('refresh-token');
    if (database.dialect === 'sqlite') {
      database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      expect(readFileSync(join(dir, 'app.db')).toString('latin1')).not.toContain(TOKEN);
    }
  });

  it('is scoped to its account', async () => {
    const created = await link();
    const other = new ConnectionRepository(database, OTHER_ACCOUNT, box);
    expect(await other.list('cloud_drive')).toEqual([]);
    expect(await other.get(created.id)).toBeUndefined();
    await expect(other.grant(created.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await other.remove(created.id)).toBe(false);
    expect(await repo.get(created.id)).toBeDefined();
  });

  it('a replaced key file marks the connection error with the reason instead of crashing', async () => {
    const created = await link();
    writeFileSync(join(dir, 'connector.key'), `${'cd'.repeat(32)}\n`);
    await expect(repo.grant(created.id)).rejects.toThrow(/connection 1: .*do not decrypt/);
    const after = await repo.get(created.id);
    expect(after?.status).toBe('error');
    expect(after?.metadata.problem).toMatch(/do not decrypt with the connector key file/);
    expect(after?.metadata.scope).toBe('drive.readonly');
  });

  it('a missing key file marks it error too', async () => {
    const created = await link();
    rmSync(join(dir, 'connector.key'));
    await expect(repo.grant(created.id)).rejects.toMatchObject({ code: 'file_read_error' });
    expect((await repo.get(created.id))?.metadata.problem).toMatch(/is missing/);
  });

  it('setStatus keeps the metadata, records and clears the problem; remove deletes', async () => {
    const created = await link();
    await repo.setStatus(created.id, 'expired', 'refresh refused', AT);
    expect(await repo.get(created.id)).toMatchObject({
      status: 'expired',
      metadata: { scope: 'drive.readonly', problem: 'refresh refused' },
    });
    await repo.setStatus(created.id, 'active', null, AT);
    expect((await repo.get(created.id))?.metadata).toEqual(created.metadata);
    expect(await repo.remove(created.id)).toBe(true);
    expect(await repo.remove(created.id)).toBe(false);
    expect(await repo.list('cloud_drive')).toEqual([]);
  });
});
