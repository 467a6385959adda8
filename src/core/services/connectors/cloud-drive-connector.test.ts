// The connector use cases over both stores and the fake drive's OAuth (through the production client):
// PKCE and state, the 10-minute single-use state, conflict and force, missing client settings, disconnect.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDrive, startFakeDrive } from '../../../../test/fakes/drive/index.js';
import { STORES, testStores } from '../../../../test/support/stores.js';
import { DEFAULT_ACCOUNT_ID } from '../../../contracts/account.js';
import { CloudDriveConnectorSchema } from '../../../contracts/config/content-sources.js';
import { createFakeClock } from '../../../infra/sandbox/social/clock.js';
import { SecretBox } from '../../../infra/security/secret-box.js';
import { DriveHttp } from '../../../infra/sources/drive/drive-http.js';
import { DriveOAuth, driveOAuthSettings } from '../../../infra/sources/drive/drive-oauth.js';
import { ConnectionRepository } from '../../../infra/sqlite/repositories/connection-repository.js';
import type { Store } from '../../../infra/storage/store.js';
import { driveTokenOrigins } from '../../domain/token-origins.js';
import { type CloudDriveConnector, createCloudDriveConnector } from './cloud-drive-connector.js';
import { PendingLinks } from './connector-deps.js';

const REDIRECT = 'http://127.0.0.1:3001/api/connectors/cloud-drive/callback';
/** Made afresh for each test: the tests move it. */
let clock: ReturnType<typeof createFakeClock>;
let drive: FakeDrive;
let dir: string;
let database: Store;
let connections: ConnectionRepository;
let configured = true;
let connector: CloudDriveConnector;

describe.each(STORES)('the cloud drive connector (%s)', (dialect) => {
  const stores = testStores(dialect);
  beforeEach(async () => {
    clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00.000Z') });
    drive = await startFakeDrive({ clock });
    dir = mkdtempSync(join(tmpdir(), 'connector-'));
    database = await stores.open();
    const appClock = { now: () => new Date(clock.now()) };
    connections = new ConnectionRepository(
      database,
      DEFAULT_ACCOUNT_ID,
      new SecretBox(join(dir, 'connector.key')),
    );
    configured = true;
    connector = createCloudDriveConnector({
      connections,
      clock: appClock,
      pending: new PendingLinks(),
      origins: () => driveTokenOrigins(CloudDriveConnectorSchema.parse(drive.connectorConfig())),
      provider: () => {
        const config = CloudDriveConnectorSchema.parse(configured ? drive.connectorConfig() : {});
        const settings = driveOAuthSettings(config, REDIRECT);
        return 'missing' in settings
          ? settings
          : new DriveOAuth(settings, new DriveHttp({ sleep: async () => {} }));
      },
    });
  });
  afterEach(async () => {
    await drive.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the browser does: open the consent page, follow its redirect back (the code and state). */
  async function consent(authorizationUrl: string): Promise<{ code: string; state: string }> {
    const answer = await fetch(authorizationUrl, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location') ?? '');
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
  }

  it('starts with a S256 challenge of a 128-hex verifier and a 64-hex state; completes into a stored connection', async () => {
    const start = await connector.startLink({});
    expect(start.state).toMatch(/^[0-9a-f]{64}$/);
    const url = new URL(start.authorization_url);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/drive.readonly');
    const connection = await connector.completeLink(await consent(start.authorization_url));
    expect(connection).toMatchObject({
      id: 1,
      connector_type: 'cloud_drive',
      account_email: 'writer@example.com',
      display_name: 'Wren Writer',
      status: 'active',
      metadata: { linked_at: '2026-11-22T12:00:00.000Z', scope: expect.stringContaining('drive.readonly') },
    });
    const stored = await connections.grant(connection.id);
    expect(drive.auth.refreshTokens.has(stored.refreshToken)).toBe(true);
    expect(await connector.status()).toEqual({ connections: [connection] });
  });

  it('a state works once and for 10 minutes', async () => {
    const start = await connector.startLink({});
    const back = await consent(start.authorization_url);
    await connector.completeLink(back);
    await expect(connector.completeLink(back)).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/unknown or expired link state/),
    });
    const late = await connector.startLink({ force: true });
    const lateBack = await consent(late.authorization_url);
    clock.advance(10 * 60_000 + 1);
    await expect(connector.completeLink(lateBack)).rejects.toMatchObject({ code: 'validation_error' });
    await expect(connector.completeLink({ code: 'x', state: 'never-issued' })).rejects.toMatchObject({
      code: 'validation_error',
    });
    expect((await connector.status()).connections).toHaveLength(1);
  });

  it('an active connection is a conflict unless force; force links a second one', async () => {
    await connector.completeLink(await consent((await connector.startLink({})).authorization_url));
    await expect(connector.startLink({})).rejects.toMatchObject({
      code: 'conflict',
      details: { hint: 'disconnect first or pass force=true', connection_id: 1 },
    });
    await connector.completeLink(
      await consent((await connector.startLink({ force: true })).authorization_url),
    );
    expect((await connector.status()).connections.map((c) => c.id)).toEqual([1, 2]);
  });

  it('without the OAuth client it names [connectors.cloud_drive] client_id/client_secret', async () => {
    configured = false;
    await expect(connector.startLink({})).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('[connectors.cloud_drive] client_id/client_secret'),
    });
  });

  it('a code the provider refuses is an error, and the state is used up', async () => {
    const start = await connector.startLink({});
    await expect(connector.completeLink({ code: 'forged', state: start.state })).rejects.toMatchObject({
      code: 'validation_error',
      message:
        'cloud drive: the authorization code was refused (invalid_grant: Malformed auth code.); start linking again',
    });
    await expect(connector.completeLink({ code: 'forged', state: start.state })).rejects.toMatchObject({
      code: 'validation_error',
    });
  });

  it('disconnect revokes the refresh token (best effort) and deletes; an unknown id is not_found', async () => {
    const connection = await connector.completeLink(
      await consent((await connector.startLink({})).authorization_url),
    );
    const { refreshToken } = await connections.grant(connection.id);
    expect(await connector.disconnect(connection.id)).toEqual({ disconnected: true, id: connection.id });
    expect(drive.auth.refreshTokens.get(refreshToken)?.revoked).toBe(true);
    expect((await connector.status()).connections).toEqual([]);
    await expect(connector.disconnect(connection.id)).rejects.toMatchObject({ code: 'not_found' });
    // The provider being down does not keep a connection.
    const again = await connector.completeLink(
      await consent((await connector.startLink({})).authorization_url),
    );
    drive.faults.inject({ path: '/revoke', action: { type: 'serverError', status: 503 } });
    expect(await connector.disconnect(again.id)).toEqual({ disconnected: true, id: again.id });
  });
});
