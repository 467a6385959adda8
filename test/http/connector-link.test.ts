// The cloud drive link flow over HTTP with the fake drive: start the link, follow the consent page's
// redirect back to the public callback, the connection stored (its refresh token never in clear in the
// database file), status, 409 unless force, bad and expired states, a denied consent (its state used up),
// disconnect.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDrive, startFakeDrive } from '../fakes/drive/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let drive: FakeDrive;
let h: HttpHarness;
beforeAll(async () => {
  drive = await startFakeDrive();
  h = await startHttpHarness({ connectors: { cloud_drive: drive.connectorConfig() } });
});
afterAll(async () => {
  await h.close();
  await drive.close();
});

const BASE = '/api/connectors/cloud-drive';

/** The browser at the consent page: where it is sent back to (path and query on our server). */
async function consent(authorizationUrl: string): Promise<string> {
  const answer = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(`http://127.0.0.1:3001${BASE}/callback`);
  return `${back.pathname}${back.search}`;
}

/** The browser arriving at the callback: no credentials of ours, asking for a page. */
function arrive(target: string, accept = 'text/html,application/xhtml+xml') {
  return h.server.inject({ method: 'GET', url: target, headers: { host: '127.0.0.1:3001', accept } });
}

describe('linking the cloud drive', () => {
  it('link → consent → callback stores the connection, encrypted, and the page tells the opener', async () => {
    const start = await h.api('POST', `${BASE}/link`, {});
    expect(start.status).toBe(200);
    expect(start.json.state).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(start.json.authorization_url).origin).toBe(drive.url);
    const page = await arrive(await consent(start.json.authorization_url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'; script-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('{"type":"connector_linked","connector":"cloud_drive","id":1}');
    expect(page.body).toContain('window.opener.postMessage(message, window.location.origin)');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(page.body).toContain(`<script nonce="${nonce}">`);

    const status = await h.api('GET', `${BASE}/status`);
    expect(status.status).toBe(200);
    expect(status.json.connections).toEqual([
      {
        id: 1,
        connector_type: 'cloud_drive',
        account_email: 'writer@example.com',
        display_name: 'Wren Writer',
        status: 'active',
        metadata: { scope: expect.stringContaining('drive.readonly'), linked_at: '2026-11-22T12:00:00.000Z' },
        created_at: '2026-11-22T12:00:00.000Z',
        updated_at: '2026-11-22T12:00:00.000Z',
      },
    ]);
    // The refresh token the fake issued is nowhere in clear: not in the answer, not in the database files.
    const [refresh] = [...drive.auth.refreshTokens.keys()];
    expect(refresh).toBeDefined();
    expect(JSON.stringify(status.json)).not.toContain(refresh);
    const dbPath = h.app.deps.paths.dbPath;
    for (const file of [dbPath, `${dbPath}-wal`]) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      expect(bytes.includes(Buffer.from(refresh as string)), file).toBe(false);
    }
    const sealed = sqliteOf(h.app.deps.database)
      .sqlite.prepare('select encrypted_credentials as blob from connections where id = 1')
      .get() as { blob: Buffer };
    expect(sealed.blob.length).toBeGreaterThan(28);
  });

  it('a second link while one is active is 409 with the hint; force=true starts it', async () => {
    const again = await h.api('POST', `${BASE}/link`);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('disconnect first or pass force=true'),
      details: { hint: 'disconnect first or pass force=true', connection_id: 1 },
    });
    const forced = await h.api('POST', `${BASE}/link`, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.json.authorization_url).toContain('code_challenge_method=S256');
  });

  it('a state that was never issued, or is used twice, is 400 (a page for a browser, JSON otherwise)', async () => {
    const bogus = await arrive(`${BASE}/callback?code=x&state=${'a'.repeat(64)}`);
    expect(bogus.statusCode).toBe(400);
    expect(bogus.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bogus.body).toContain('unknown or expired link state');
    expect(bogus.body).toContain('"type":"connector_link_failed"');
    const api = await h.api('GET', `${BASE}/callback?code=x&state=nope`, undefined, { auth: false });
    expect(api.status).toBe(400);
    expect(api.json.error.code).toBe('validation_error');
    const missing = await h.api('GET', `${BASE}/callback?state=only`, undefined, { auth: false });
    expect(missing.json.error.message).toBe('the callback needs one code and one state');

    const start = await h.api('POST', `${BASE}/link`, { force: true });
    const target = await consent(start.json.authorization_url);
    expect((await arrive(target)).statusCode).toBe(200);
    expect((await arrive(target)).statusCode).toBe(400);
  });

  it('a state older than 10 minutes is refused and nothing is stored', async () => {
    const before = (await h.api('GET', `${BASE}/status`)).json.connections.length;
    const start = await h.api('POST', `${BASE}/link`, { force: true });
    const target = await consent(start.json.authorization_url);
    h.clock.advance(10 * 60_000 + 1);
    const late = await arrive(target);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('unknown or expired link state');
    expect((await h.api('GET', `${BASE}/status`)).json.connections).toHaveLength(before);
  });

  it('a denied consent comes back with error=access_denied and shows it', async () => {
    const start = await h.api('POST', `${BASE}/link`, { force: true });
    drive.auth.consent = 'deny';
    const target = await consent(start.json.authorization_url);
    drive.auth.consent = 'approve';
    const page = await arrive(target);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('did not grant access (access_denied)');
  });

  it('a callback with error= uses up its state: the same state cannot complete a link afterwards', async () => {
    const before = (await h.api('GET', `${BASE}/status`)).json.connections.length;
    const start = await h.api('POST', `${BASE}/link`, { force: true });
    const target = await consent(start.json.authorization_url);
    const denied = await arrive(`${BASE}/callback?error=access_denied&state=${start.json.state}`);
    expect(denied.statusCode).toBe(400);
    expect(denied.body).toContain('did not grant access (access_denied)');
    // The consent's own redirect (a real code for that state) is now a replay, as on the platform callback.
    const replay = await arrive(target);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('unknown or expired link state');
    expect((await h.api('GET', `${BASE}/status`)).json.connections).toHaveLength(before);
  });

  it('escapes what it shows: a hostile error description stays text', async () => {
    const page = await arrive(
      `${BASE}/callback?error=x&error_description=${encodeURIComponent('</script><script>alert(1)</script>')}`,
    );
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('&lt;/script&gt;');
    expect(page.body).toContain('\\u003c/script>');
  });

  it('link takes only {force?: boolean}; link and status need credentials, the callback does not', async () => {
    expect((await h.api('POST', `${BASE}/link`, { force: 'yes' })).json.error.code).toBe('validation_error');
    expect((await h.api('POST', `${BASE}/link`, { other: 1 })).json.error.code).toBe('validation_error');
    expect((await h.api('POST', `${BASE}/link`, {}, { auth: false })).status).toBe(401);
    expect((await h.api('GET', `${BASE}/status`, undefined, { auth: false })).status).toBe(401);
    expect((await h.api('DELETE', `${BASE}/1`, undefined, { auth: false })).status).toBe(401);
  });

  it('disconnect revokes the token at the drive and deletes; unknown ids are 404, bad ones 400', async () => {
    const [refresh] = [...drive.auth.refreshTokens.keys()];
    const gone = await h.api('DELETE', `${BASE}/1`);
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ disconnected: true, id: 1 });
    expect(drive.auth.refreshTokens.get(refresh as string)?.revoked).toBe(true);
    expect(
      (await h.api('GET', `${BASE}/status`)).json.connections.map((c: { id: number }) => c.id),
    ).not.toContain(1);
    expect((await h.api('DELETE', `${BASE}/1`)).status).toBe(404);
    expect((await h.api('DELETE', `${BASE}/abc`)).json.error.code).toBe('validation_error');
    expect((await h.api('DELETE', `${BASE}/0`)).status).toBe(400);
  });
});

describe('without the OAuth client configured', () => {
  it('link is 400 naming [connectors.cloud_drive] client_id/client_secret', async () => {
    const bare = await startHttpHarness();
    try {
      const answer = await bare.api('POST', `${BASE}/link`, {});
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatchObject({
        code: 'validation_error',
        message: expect.stringContaining('[connectors.cloud_drive] client_id/client_secret'),
      });
      expect((await bare.api('GET', `${BASE}/status`)).json).toEqual({ connections: [] });
    } finally {
      await bare.close();
    }
  });
});

describe('linking the cloud drive for a further account', () => {
  let two: HttpHarness;
  beforeAll(async () => {
    two = await startHttpHarness({
      connectors: { cloud_drive: drive.connectorConfig() },
      accounts: { b: { display_name: 'B' } },
    });
  });
  afterAll(async () => {
    await two?.close();
  });

  it('completes at the public callback in the account that started the link, not the default one', async () => {
    const start = await two.api('POST', `${BASE}/link`, {}, { headers: { 'x-app-account': 'b' } });
    expect(start.status).toBe(200);
    const target = await consent(start.json.authorization_url);
    const page = await two.server.inject({
      method: 'GET',
      url: target,
      headers: { host: '127.0.0.1:3001', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"type":"connector_linked"');
    const ofB = await two.api('GET', `${BASE}/status`, undefined, { headers: { 'x-app-account': 'b' } });
    const ofDefault = await two.api('GET', `${BASE}/status`);
    expect(ofB.json.connections).toHaveLength(1);
    expect(ofDefault.json.connections).toEqual([]);
    const rows = sqliteOf(two.app.deps.database).sqlite.prepare('select account_id from connections').all();
    expect(rows).toEqual([{ account_id: two.app.accounts[1]?.id }]);
  });
});
