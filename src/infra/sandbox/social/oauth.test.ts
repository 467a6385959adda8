// OAuth 2.0 + PKCE against the fake: code flow, wrong verifier, single-use codes, consent knobs,
// rotating single-use refresh tokens, confidential clients and revocation.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { client } from '../../../../test/support/fake-social-client.js';
import { createFakeClock } from './clock.js';
import { type FakeSocial, startFakeSocial } from './server.js';

const REDIRECT = 'http://127.0.0.1:9999/callback';
const SCOPES = 'tweet.read users.read offline.access';
let fake: FakeSocial;
const clock = createFakeClock({ frozen: true });

beforeAll(async () => {
  fake = await startFakeSocial({ clock });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.state.reset();
  fake.state.registerClient({ clientId: 'public-app', redirectUris: [REDIRECT] });
  fake.state.registerClient({ clientId: 'private-app', clientSecret: 's3cret', redirectUris: [REDIRECT] });
});

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function authorize(clientId: string, challenge: string, scope = SCOPES, redirect = REDIRECT) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirect,
    scope,
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return fetch(`${fake.url}/i/oauth2/authorize?${query}`, { redirect: 'manual' });
}

async function codeFor(clientId: string, challenge: string, scope = SCOPES): Promise<string> {
  const response = await authorize(clientId, challenge, scope);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.searchParams.get('state')).toBe('xyz');
  return location.searchParams.get('code') ?? '';
}

async function token(form: Record<string, string>, basic?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  const response = await fetch(`${fake.url}/2/oauth2/token`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('authorization code + PKCE', () => {
  it('issues working tokens for a public client', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('public-app', challenge);
    const result = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: 'public-app',
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope: SCOPES });
    expect(result.body.access_token).toBeTruthy();
    expect(result.body.refresh_token).toBeTruthy();
    const me = await client(fake.url, result.body.access_token).get('/2/users/me');
    expect(me.body).toEqual({ data: { id: '1000', name: 'App Owner', username: 'app_owner' } });
    expect(fake.state.stats.codeGrants).toBe(1);
  });

  it('rejects a wrong verifier and then the spent code', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('public-app', challenge);
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: 'public-app' };
    const wrong = await token({ ...form, code_verifier: pkce().verifier });
    expect(wrong).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'Value passed for the authorization code was invalid.',
      },
    });
    expect((await token({ ...form, code_verifier: verifier })).status).toBe(400);
  });

  it('expires codes after 30 seconds and checks redirect_uri', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('public-app', challenge);
    clock.advance(31_000);
    const late = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: 'public-app',
    });
    expect(late.status).toBe(400);
    const second = pkce();
    const other = await codeFor('public-app', second.challenge);
    const mismatch = await token({
      grant_type: 'authorization_code',
      code: other,
      redirect_uri: 'http://127.0.0.1:9999/elsewhere',
      code_verifier: second.verifier,
      client_id: 'public-app',
    });
    expect(mismatch.status).toBe(400);
  });

  it('shows an error page for unknown clients and unregistered redirect URIs', async () => {
    const { challenge } = pkce();
    for (const response of [
      await authorize('nobody', challenge),
      await authorize('public-app', challenge, SCOPES, 'http://evil.test/cb'),
    ]) {
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toContain('text/html');
    }
  });

  it('redirects with access_denied when consent is refused, and grants only allowed scopes', async () => {
    const { verifier, challenge } = pkce();
    fake.state.setConsent('deny');
    const denied = new URL((await authorize('public-app', challenge)).headers.get('location') ?? '');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();

    fake.state.setConsent('allow');
    fake.state.setGrantedScopes(['tweet.read', 'users.read']);
    const code = await codeFor('public-app', challenge);
    const result = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: 'public-app',
    });
    expect(result.body.scope).toBe('tweet.read users.read');
    expect(result.body.refresh_token).toBeUndefined();
  });
});

describe('refresh tokens', () => {
  it('rotate: the old refresh token dies, the old access token lives until expiry', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('private-app', challenge);
    const first = await token(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
      'private-app:s3cret',
    );
    expect(first.status).toBe(200);

    const second = await token(
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token ?? '' },
      'private-app:s3cret',
    );
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(second.body.access_token).not.toBe(first.body.access_token);

    const reuse = await token(
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token ?? '' },
      'private-app:s3cret',
    );
    expect(reuse).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' },
    });
    expect(fake.state.stats.refreshGrants).toBe(1);

    const old = client(fake.url, first.body.access_token);
    expect((await old.get('/2/users/me')).status).toBe(200);
    clock.advance(7201 * 1000);
    const expired = await old.get('/2/users/me');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      title: 'Unauthorized',
      type: 'about:blank',
      status: 401,
      detail: 'Unauthorized',
    });
  });

  it('requires HTTP Basic for confidential clients', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('private-app', challenge);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: 'private-app',
    };
    expect((await token(form)).status).toBe(401);
    expect((await token(form, 'private-app:wrong')).status).toBe(401);
  });

  it('revokes access tokens', async () => {
    const issued = fake.state.issueToken({ scopes: ['users.read'], clientId: 'public-app' });
    const response = await fetch(`${fake.url}/2/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: issued.accessToken, client_id: 'public-app' }),
    });
    expect(await response.json()).toEqual({ revoked: true });
    expect((await client(fake.url, issued.accessToken).get('/2/users/me')).status).toBe(401);
  });
});
