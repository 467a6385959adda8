// OAuth 2.0 with PKCE as the platform runs it: the authorize page (auto-consent, or deny / partial grant
// when a test says so), the token endpoint (authorization_code and rotating refresh_token grants, Basic
// auth for confidential clients) and revocation.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ClientRecord, CODE_TTL_MS, KNOWN_SCOPES } from './auth-store.js';
import { FakeApiError, oauthError } from './problems.js';
import { normalizeQuery } from './route-kit.js';
import type { FakeState } from './state.js';

const BAD_CODE = 'Value passed for the authorization code was invalid.';
const BAD_TOKEN = 'Value passed for the token was invalid.';

export function registerOAuthRoutes(app: FastifyInstance, state: FakeState): void {
  app.get('/i/oauth2/authorize', async (req, reply) => authorize(state, req, reply));
  app.post('/2/oauth2/token', async (req, reply) => guard(reply, () => token(state, req)));
  app.post('/2/oauth2/revoke', async (req, reply) =>
    guard(reply, () => {
      const body = formBody(req);
      authenticateClient(state, req, body);
      const value = body.token ?? '';
      if (!value) throw oauthError('invalid_request', 'Missing required parameter [token].');
      state.auth.revoke(value);
      state.stats.revocations += 1;
      return { revoked: true };
    }),
  );
}

async function guard(reply: FastifyReply, run: () => unknown) {
  try {
    const body = run();
    return reply.header('cache-control', 'no-store').send(body);
  } catch (error) {
    if (error instanceof FakeApiError) return reply.code(error.status).send(error.body);
    throw error;
  }
}

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      `<!DOCTYPE html><html><head><title>Something went wrong</title></head><body><h1>Something went wrong</h1><p>${escapeHtml(message)}</p></body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );
}

function authorize(state: FakeState, req: FastifyRequest, reply: FastifyReply) {
  const q = normalizeQuery(req.query);
  const client = state.auth.clients.get(q.client_id ?? '');
  // Without a known client and an exact registered redirect_uri there is nowhere safe to redirect to.
  if (!client) return errorPage(reply, 'Unknown client_id.');
  if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) {
    return errorPage(reply, 'redirect_uri does not match the registered callback URLs.');
  }
  if (q.response_type !== 'code') return errorPage(reply, 'response_type must be code.');
  if (!q.code_challenge) return errorPage(reply, 'code_challenge is required (PKCE).');
  const method = q.code_challenge_method ?? 'plain';
  if (method !== 'S256' && method !== 'plain') return errorPage(reply, 'Unsupported code_challenge_method.');
  const requested = (q.scope ?? '').split(/[ +]/).filter(Boolean);
  const unknown = requested.filter((scope) => !KNOWN_SCOPES.has(scope));
  if (requested.length === 0 || unknown.length > 0)
    return errorPage(reply, `Invalid scope: ${unknown.join(' ') || '(none)'}`);

  const target = new URL(q.redirect_uri);
  if (q.state !== undefined) target.searchParams.set('state', q.state);
  if (state.settings.consent === 'deny') {
    target.searchParams.set('error', 'access_denied');
    return reply.redirect(target.toString(), 302);
  }
  const allowed = state.settings.grantedScopes;
  const scopes = allowed ? requested.filter((scope) => allowed.includes(scope)) : requested;
  const code = state.auth.createCode({
    clientId: client.clientId,
    redirectUri: q.redirect_uri,
    scopes,
    userId: state.settings.authorizingUserId,
    challenge: q.code_challenge,
    method,
    expiresAt: state.now() + CODE_TTL_MS,
  });
  state.stats.authorizations += 1;
  target.searchParams.set('code', code.code);
  return reply.redirect(target.toString(), 302);
}

function formBody(req: FastifyRequest): Record<string, string> {
  const body = req.body;
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
  );
}

/** Confidential clients must use HTTP Basic; public clients name themselves with client_id. */
function authenticateClient(
  state: FakeState,
  req: FastifyRequest,
  body: Record<string, string>,
): ClientRecord {
  const header = req.headers.authorization;
  const basic = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString();
    const split = decoded.indexOf(':');
    const id = decodeURIComponent(decoded.slice(0, split));
    const secret = decodeURIComponent(decoded.slice(split + 1));
    const client = state.auth.clients.get(id);
    if (split < 0 || !client || client.clientSecret === undefined || client.clientSecret !== secret) {
      throw oauthError('unauthorized_client', 'Missing valid authorization header', 401);
    }
    return client;
  }
  const client = state.auth.clients.get(body.client_id ?? '');
  if (!client || client.clientSecret !== undefined) {
    throw oauthError('unauthorized_client', 'Missing valid authorization header', 401);
  }
  return client;
}

function token(state: FakeState, req: FastifyRequest) {
  const body = formBody(req);
  const client = authenticateClient(state, req, body);
  const now = state.now();
  const ttlSeconds = state.settings.accessTokenTtlSeconds;
  if (body.grant_type === 'authorization_code') {
    if (!body.code_verifier)
      throw oauthError('invalid_request', 'Missing required parameter [code_verifier].');
    const code = state.auth.redeemCode(
      body.code ?? '',
      client.clientId,
      body.redirect_uri ?? '',
      body.code_verifier,
      now,
    );
    if (!code) throw oauthError('invalid_request', BAD_CODE);
    state.stats.codeGrants += 1;
    return tokenResponse(
      state.auth.issue({
        userId: code.userId,
        clientId: client.clientId,
        scopes: code.scopes,
        ttlSeconds,
        withRefresh: code.scopes.includes('offline.access'),
        now,
      }),
    );
  }
  if (body.grant_type === 'refresh_token') {
    const previous = state.auth.redeemRefresh(body.refresh_token ?? '', client.clientId);
    if (!previous) throw oauthError('invalid_request', BAD_TOKEN);
    state.stats.refreshGrants += 1;
    return tokenResponse(
      state.auth.issue({
        userId: previous.userId,
        clientId: client.clientId,
        scopes: previous.scopes,
        ttlSeconds,
        withRefresh: true,
        now,
      }),
    );
  }
  throw oauthError('invalid_request', 'Missing required parameter [grant_type].');
}

function tokenResponse(issued: {
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
  scopes: string[];
}) {
  return {
    token_type: 'bearer',
    expires_in: issued.expiresIn,
    access_token: issued.accessToken,
    scope: issued.scopes.join(' '),
    ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
  };
}
