// Google's OAuth endpoints as the fake answers them: the consent page (auto-approves, or denies on
// request), the token endpoint (code + PKCE, refresh, service-account JWT), userinfo and revocation.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type DriveAuth, OAuthError } from './drive-auth.js';

export const OAUTH_PATHS = {
  auth: '/o/oauth2/v2/auth',
  token: '/token',
  userinfo: '/v1/userinfo',
  revoke: '/revoke',
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function errorPage(reply: FastifyReply, error: OAuthError) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><title>Error 400: ${escapeHtml(error.error)}</title><h1>Access blocked: this app's request is invalid</h1><p>Error 400: ${escapeHtml(error.error)}</p><p>${escapeHtml(error.description)}</p>`,
    );
}

function oauthError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof OAuthError)) throw error;
  return reply.code(error.status).send({ error: error.error, error_description: error.description });
}

type Fields = Record<string, string | undefined>;

export function registerOAuthRoutes(app: FastifyInstance, auth: DriveAuth, tokenUrl: () => string): void {
  app.get(OAUTH_PATHS.auth, async (request, reply) => {
    const query = request.query as Fields;
    const client = auth.clients.get(query.client_id ?? '');
    // Client and redirect problems stay on the provider's page: never redirect to an unverified URI.
    if (!client)
      return errorPage(reply, new OAuthError(401, 'invalid_client', 'The OAuth client was not found.'));
    if (!query.redirect_uri || !client.redirectUris.includes(query.redirect_uri)) {
      return errorPage(
        reply,
        new OAuthError(
          400,
          'redirect_uri_mismatch',
          `redirect_uri ${query.redirect_uri ?? ''} is not registered`,
        ),
      );
    }
    const target = new URL(query.redirect_uri);
    try {
      if (auth.consent === 'deny') throw new OAuthError(403, 'access_denied', 'The user denied access.');
      target.searchParams.set('code', auth.authorize(query));
      target.searchParams.set('scope', query.scope ?? '');
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      target.searchParams.set('error', error.error);
      if (error.error !== 'access_denied') target.searchParams.set('error_description', error.description);
    }
    if (query.state !== undefined) target.searchParams.set('state', query.state);
    return reply.code(302).header('location', target.toString()).send();
  });

  app.post(OAUTH_PATHS.token, async (request, reply) => {
    try {
      return auth.grant((request.body ?? {}) as Fields, tokenUrl());
    } catch (error) {
      return oauthError(reply, error);
    }
  });

  app.get(OAUTH_PATHS.userinfo, async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!auth.check(bearer)) {
      return reply.code(401).send({ error: 'invalid_request', error_description: 'Invalid Credentials' });
    }
    return { sub: auth.user.sub, email: auth.user.email, email_verified: true, name: auth.user.name };
  });

  app.post(OAUTH_PATHS.revoke, async (request, reply) => {
    const body = (request.body ?? {}) as Fields;
    const token = body.token ?? (request.query as Fields).token;
    try {
      auth.revoke(token);
      return {};
    } catch (error) {
      return oauthError(reply, error);
    }
  });
}
