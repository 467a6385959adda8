// Authentication: the bearer token (API clients) or the dashboard session cookie (HttpOnly,
// SameSite=Strict) with a CSRF header on every write. Decided on the matched route: every route needs it
// unless its config says `public: true` (route-access.ts); unmatched requests reach only the 404 answer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HttpAuth } from '../../../app/http-auth.js';
import type { Actor } from '../../../contracts/actor.js';
import { AppError } from '../../../core/errors.js';

export const SESSION_COOKIE = 'app_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestIdentity {
  method: 'bearer' | 'session';
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity?: RequestIdentity;
  }
}

/** Who is calling: a dashboard session is a person at the dashboard; the bearer token is an API client. */
export function actorOf(request: FastifyRequest): Actor {
  return request.identity?.method === 'session' ? 'dashboard' : 'api';
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function sessionCookie(token: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeSeconds}`;
}

const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

const LoginBody = z.object({ passphrase: z.string().min(1).max(1000) });

export function registerHttpAuth(app: FastifyInstance, auth: HttpAuth): void {
  app.addHook('onRequest', async (request) => {
    // No route matched: the 404 answer runs nothing and reveals nothing.
    if (request.is404) return;
    if (request.routeOptions.config.public === true || request.routeOptions.config.ownAuth === true) return;

    const header = request.headers.authorization;
    if (header !== undefined) {
      // Credentials that are sent are judged; a wrong one never falls back to the cookie.
      if (header.startsWith('Bearer ') && auth.isApiToken(header.slice(7).trim())) {
        request.identity = { method: 'bearer' };
        return;
      }
      throw new AppError(
        'unauthenticated',
        header.startsWith('Bearer ')
          ? 'invalid bearer token'
          : 'unsupported Authorization header; send `Authorization: Bearer <token>`',
      );
    }
    const token = cookieValue(request, SESSION_COOKIE);
    const session = token ? await auth.session(token) : undefined;
    if (!session)
      throw new AppError('unauthenticated', 'authentication required (bearer token or dashboard login)');
    if (!SAFE_METHODS.has(request.method)) {
      const csrf = request.headers['x-csrf-token'];
      if (typeof csrf !== 'string' || !auth.csrfMatches(session, csrf)) {
        throw new AppError('forbidden', 'missing or invalid CSRF token (send the X-CSRF-Token header)');
      }
    }
    request.identity = { method: 'session', sessionId: session.id };
  });

  const open = { config: { public: true } };

  app.post('/api/auth/login', open, async (request, reply) => {
    const body = LoginBody.safeParse(request.body);
    // Failures count per request.ip: the socket address, or the client a configured trusted proxy
    // forwarded ([server] trusted_proxies); an X-Forwarded-For header from anyone else cannot reset it.
    const session = await auth.login(request.ip, body.success ? body.data.passphrase : undefined);
    reply.header('set-cookie', sessionCookie(session.token, session.maxAgeSeconds));
    return { csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() };
  });

  // First run: the page that sets the passphrase, for a browser on this machine only (never through a
  // proxy), and only while none is set.
  app.post('/api/auth/setup', open, async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip))
      throw new AppError('forbidden', 'the first-run passphrase can only be set from this machine');
    const body = LoginBody.safeParse(request.body);
    if (!body.success) throw new AppError('validation_error', 'passphrase is required');
    const session = await auth.firstRun(body.data.passphrase);
    reply.header('set-cookie', sessionCookie(session.token, session.maxAgeSeconds));
    return { csrf_token: session.csrfToken, expires_at: session.expiresAt.toISOString() };
  });

  app.post('/api/auth/logout', open, async (request, reply) => {
    const token = cookieValue(request, SESSION_COOKIE);
    if (token) await auth.logout(token);
    reply.header('set-cookie', sessionCookie('', 0));
    return { ok: true };
  });

  app.get('/api/auth/status', open, async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ') && auth.isApiToken(header.slice(7).trim())) {
      return { authenticated: true, method: 'bearer' };
    }
    const token = cookieValue(request, SESSION_COOKIE);
    const session = token ? await auth.session(token) : undefined;
    if (!session) return { authenticated: false, passphrase_set: await auth.passphraseSet() };
    return {
      authenticated: true,
      method: 'session',
      csrf_token: session.csrfToken,
      expires_at: session.expiresAt,
    };
  });
}
