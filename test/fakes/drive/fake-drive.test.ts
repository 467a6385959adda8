// The fake drive speaks Google's protocols (checked with plain fetch, no client of ours): consent + PKCE,
// the token grants, Bearer expiry, files (q, paging, fields, media, export), changes, faults.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../../src/infra/sandbox/social/clock.js';
import { DEFAULT_DRIVE_CLIENT, DRIVE_SCOPE, type FakeDrive, faultPresets, startFakeDrive } from './index.js';

const clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00Z') });
let drive: FakeDrive;
beforeAll(async () => {
  drive = await startFakeDrive({ clock });
});
afterAll(() => drive.close());
afterEach(() => drive.faults.clear());

const REDIRECT = DEFAULT_DRIVE_CLIENT.redirectUris[0] as string;
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function accessToken(): Promise<string> {
  const refresh = drive.auth.issueRefreshToken();
  const response = await fetch(
    `${drive.url}/token`,
    form({
      grant_type: 'refresh_token',
      refresh_token: refresh,
      client_id: DEFAULT_DRIVE_CLIENT.id,
      client_secret: DEFAULT_DRIVE_CLIENT.secret,
    }),
  );
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api(path: string, token: string) {
  const response = await fetch(`${drive.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the fake answered.
  return { status: response.status, text, json: json as any, headers: response.headers };
}

describe('OAuth', () => {
  it('consent redirects with a code; the code exchanges once, with the matching PKCE verifier', async () => {
    const verifier = randomBytes(64).toString('hex');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const consent = new URL(`${drive.url}/o/oauth2/v2/auth`);
    for (const [k, v] of Object.entries({
      client_id: DEFAULT_DRIVE_CLIENT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: `${DRIVE_SCOPE} openid email profile`,
      state: 'st-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }))
      consent.searchParams.set(k, v);
    const answer = await fetch(consent, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st-1');
    const code = location.searchParams.get('code') ?? '';
    const exchange = (codeVerifier: string) =>
      fetch(
        `${drive.url}/token`,
        form({
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: REDIRECT,
          client_id: DEFAULT_DRIVE_CLIENT.id,
          client_secret: DEFAULT_DRIVE_CLIENT.secret,
        }),
      );
    const wrong = await exchange('0'.repeat(128));
    expect(wrong.status).toBe(400);
    // A failed attempt burns the code, as Google does.
    const again = await exchange(verifier);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Malformed auth code.' });
  });

  it('refuses an unknown client or redirect on its own page, and redirects a denial with the state', async () => {
    const consent = (params: Record<string, string>) =>
      fetch(`${drive.url}/o/oauth2/v2/auth?${new URLSearchParams(params)}`, { redirect: 'manual' });
    const bad = await consent({ client_id: 'nope', redirect_uri: REDIRECT });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('invalid_client');
    const mismatch = await consent({
      client_id: DEFAULT_DRIVE_CLIENT.id,
      redirect_uri: 'http://evil.example/cb',
    });
    expect(await mismatch.text()).toContain('redirect_uri_mismatch');
    drive.auth.consent = 'deny';
    const denied = await consent({ client_id: DEFAULT_DRIVE_CLIENT.id, redirect_uri: REDIRECT, state: 's' });
    drive.auth.consent = 'approve';
    const location = new URL(denied.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s');
  });

  it('refresh tokens work until revoked or expired; access tokens expire with the clock', async () => {
    const refresh = drive.auth.issueRefreshToken();
    const grant = () =>
      fetch(
        `${drive.url}/token`,
        form({
          grant_type: 'refresh_token',
          refresh_token: refresh,
          client_id: DEFAULT_DRIVE_CLIENT.id,
          client_secret: DEFAULT_DRIVE_CLIENT.secret,
        }),
      );
    const ok = (await (await grant()).json()) as { access_token: string; expires_in: number };
    expect(ok.expires_in).toBe(3600);
    expect((await api('/drive/v3/changes/startPageToken', ok.access_token)).status).toBe(200);
    clock.advance(3601_000);
    const expired = await api('/drive/v3/changes/startPageToken', ok.access_token);
    expect(expired.status).toBe(401);
    expect(expired.json.error.errors[0].reason).toBe('authError');
    drive.auth.revokeRefreshToken(refresh);
    const refused = await grant();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
  });

  it('verifies a service account JWT (RS256, audience, lifetime) with the registered key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    drive.auth.addServiceAccount(
      'notes@proj.iam.gserviceaccount.com',
      publicKey.export({ type: 'spki', format: 'pem' }) as string,
    );
    const jwt = (claims: Record<string, unknown>) => {
      const head = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url');
      return `${head}.${body}.${signature}`;
    };
    const iat = Math.floor(clock.now() / 1000);
    const good = {
      iss: 'notes@proj.iam.gserviceaccount.com',
      scope: DRIVE_SCOPE,
      aud: `${drive.url}/token`,
      iat,
      exp: iat + 3600,
    };
    const post = (assertion: string) =>
      fetch(
        `${drive.url}/token`,
        form({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      );
    expect((await post(jwt(good))).status).toBe(200);
    expect(await (await post(jwt({ ...good, aud: 'https://elsewhere/token' }))).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const tampered = jwt(good).replace(/\.[^.]+$/, `.${Buffer.from('x').toString('base64url')}`);
    expect(await (await post(tampered)).json()).toMatchObject({
      error_description: 'Invalid JWT Signature.',
    });
  });
});

describe('Drive v3', () => {
  it('lists a folder with q, pages with pageToken and keeps only the selected fields', async () => {
    const token = await accessToken();
    const folder = drive.state.addFolder('Paging');
    for (let i = 0; i < 5; i++) drive.state.addFile(`n${i}.md`, `# ${i}`, { parent: folder });
    const trashed = drive.state.addFile('old.md', 'x', { parent: folder });
    drive.state.trash(trashed);
    const q = encodeURIComponent(`'${folder}' in parents and trashed = false`);
    const first = await api(`/drive/v3/files?q=${q}&pageSize=3&fields=nextPageToken,files(id,name)`, token);
    expect(first.json.files).toHaveLength(3);
    expect(Object.keys(first.json.files[0])).toEqual(['id', 'name']);
    const second = await api(
      `/drive/v3/files?q=${q}&pageSize=3&pageToken=${first.json.nextPageToken}&fields=nextPageToken,files(id,name)`,
      token,
    );
    expect(second.json.files.map((f: { name: string }) => f.name)).toEqual(['n3.md', 'n4.md']);
    expect(second.json.nextPageToken).toBeUndefined();
    expect((await api('/drive/v3/files?fields=files(bogus)', token)).status).toBe(400);
    expect(
      (await api(`/drive/v3/files?q=${encodeURIComponent('fullText contains "x"')}`, token)).status,
    ).toBe(400);
  });

  it('downloads content, exports a Google Doc as text and refuses the wrong one of each', async () => {
    const token = await accessToken();
    const file = drive.state.addFile('a.md', 'hello ✓');
    const doc = drive.state.addDoc('Ideas', 'doc text');
    expect((await api(`/drive/v3/files/${file}?alt=media`, token)).text).toBe('hello ✓');
    expect((await api(`/drive/v3/files/${doc}/export?mimeType=text/plain`, token)).text).toBe('doc text');
    expect((await api(`/drive/v3/files/${doc}?alt=media`, token)).json.error.errors[0].reason).toBe(
      'fileNotDownloadable',
    );
    expect((await api(`/drive/v3/files/${file}/export?mimeType=text/plain`, token)).status).toBe(403);
    expect((await api('/drive/v3/files/missing?alt=media', token)).status).toBe(404);
    expect((await api('/drive/v3/files/root?fields=id', token)).json).toEqual({ id: drive.state.rootId });
  });

  it('reports changes since a token, each file once, removed ones as removed, paged', async () => {
    const token = await accessToken();
    const start = (await api('/drive/v3/changes/startPageToken', token)).json.startPageToken;
    const a = drive.state.addFile('c1.md', 'one');
    drive.state.edit(a, 'one, edited');
    const b = drive.state.addFile('c2.md', 'two');
    drive.state.remove(b);
    const c = drive.state.addFile('c3.md', 'three');
    drive.state.trash(c);
    const fields = 'nextPageToken,newStartPageToken,changes(fileId,removed,file(name,trashed))';
    const page1 = await api(`/drive/v3/changes?pageToken=${start}&pageSize=2&fields=${fields}`, token);
    expect(page1.json.changes).toEqual([
      { fileId: a, removed: false, file: { name: 'c1.md', trashed: false } },
      { fileId: b, removed: true },
    ]);
    expect(page1.json.newStartPageToken).toBeUndefined();
    const page2 = await api(
      `/drive/v3/changes?pageToken=${page1.json.nextPageToken}&pageSize=2&fields=${fields}`,
      token,
    );
    expect(page2.json.changes).toEqual([
      { fileId: c, removed: false, file: { name: 'c3.md', trashed: true } },
    ]);
    expect(page2.json.newStartPageToken).toBe(drive.state.startPageToken);
    expect((await api('/drive/v3/changes?pageToken=abc', token)).status).toBe(400);
  });

  it('faults on demand: 429 with Retry-After, 5xx, 403, dropped connections', async () => {
    const token = await accessToken();
    drive.faults.inject({ path: '/drive/v3/changes', action: faultPresets.rateLimited(7) });
    const limited = await api('/drive/v3/changes/startPageToken', token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    drive.faults.inject({ path: '/drive/v3/files', action: faultPresets.serverError(503) });
    expect((await api('/drive/v3/files', token)).status).toBe(503);
    drive.faults.inject({ path: '/drive/v3/files', action: faultPresets.forbidden() });
    expect((await api('/drive/v3/files', token)).status).toBe(403);
    drive.faults.inject({ path: '/drive/v3/files', action: faultPresets.drop() });
    await expect(api('/drive/v3/files', token)).rejects.toThrow();
    expect((await api('/drive/v3/files', token)).status).toBe(200);
    expect(drive.requests.some((r) => r.fault === 'drop')).toBe(true);
  });
});
