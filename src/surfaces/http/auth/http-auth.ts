// Authentication: the bearer token (API clients) or the dashboard session cookie (HttpOnly,
// SameSite=Strict) with a CSRF header on every write. Decided on the matched route: every route needs it
// unless its config says `public: true` (route-access.ts); unmatched requests reach only the 404 answer.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '../../../contracts/actor.js';
import { AppError } from '../../../core/errors.js';
import type { Clock } from '../../../core/ports/clock.js';
import { sameSecret } from '../../../infra/security/api-token.js';
import { verifyPassphrase } from '../../../infra/security/passphrase.js';
import type { AuthRepository } from '../../../infra/sqlite/repositories/auth-repository.js';
import type { LoginFailureRepository } from '../../../infra/sqlite/repositories/login-failure-repository.js';

export const SESSION_COOKIE = 'app_session';
const SESSION_DAYS = 7;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface HttpAuthDeps {
  apiToken: string;
  auth: AuthRepository;
  loginFailures: LoginFailureRepository;
  clock: Clock;
}

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

const LoginBody = z.object({ passphrase: z.string().min(1).max(1000) });

export function registerHttpAuth(app: FastifyInstance, deps: HttpAuthDeps): void {
  app.addHook('onRequest', async (request) => {
    // No route matched: the 404 answer runs nothing and reveals nothing.
    if (request.is404) return;
    if (request.routeOptions.config.public === true) return;

    const header = request.headers.authorization;
    if (header !== undefined) {
      // Credentials that are sent are judged; a wrong one never falls back to the cookie.
      if (header.startsWith('Bearer ') && sameSecret(header.slice(7).trim(), deps.apiToken)) {
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
    const session = token ? await deps.auth.findSession(token, deps.clock.now()) : undefined;
    if (!session)
      throw new AppError('unauthenticated', 'authentication required (bearer token or dashboard login)');
    if (!SAFE_METHODS.has(request.method)) {
      const csrf = request.headers['x-csrf-token'];
      if (typeof csrf !== 'string' || !sameSecret(csrf, session.csrfToken)) {
        throw new AppError('forbidden', 'missing or invalid CSRF token (send the X-CSRF-Token header)');
      }
    }
    request.identity = { method: 'session', sessionId: session.id };
  });

  const open = { config: { public: true } };

  app.post('/api/auth/login', open, async (request, reply) => {
    // The socket address, or the client a configured trusted proxy forwarded ([server] trusted_proxies):
    // an X-Forwarded-For header from anyone else is ignored and cannot reset the count.
    const key = request.ip;
    const attempt = deps.loginFailures.begin(key, deps.clock.now());
    if (!attempt.allowed) {
      const wait = attempt.retryAfterSeconds;
      throw new AppError('throttled', `too many failed logins; try again in ${wait} s`, {
        retryAfterSeconds: wait,
      });
    }
    const body = LoginBody.safeParse(request.body);
    const hash = body.success ? await deps.auth.passphraseHash() : undefined;
    if (!body.success || !hash) {
      deps.loginFailures.abandoned(attempt.attemptId);
      if (!body.success) throw new AppError('validation_error', 'passphrase is required');
      throw new AppError('forbidden', 'no dashboard passphrase is set; run `app passphrase`');
    }
    // A failed check leaves the attempt counted.
    if (!(await verifyPassphrase(body.data.passphrase, hash))) {
      throw new AppError('unauthenticated', 'wrong passphrase');
    }
    deps.loginFailures.succeeded(key);
    const now = deps.clock.now();
    const token = randomBytes(32).toString('hex');
    const csrfToken = randomBytes(16).toString('hex');
    const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
    await deps.auth.createSession({ id: randomUUID(), token, csrfToken, expiresAt }, now);
    reply.header('set-cookie', sessionCookie(token, SESSION_DAYS * 86_400));
    return { csrf_token: csrfToken, expires_at: expiresAt.toISOString() };
  });

  app.post('/api/auth/logout', open, async (request, reply) => {
    const token = cookieValue(request, SESSION_COOKIE);
    if (token) await deps.auth.deleteSession(token);
    reply.header('set-cookie', sessionCookie('', 0));
    return { ok: true };
  });

  app.get('/api/auth/status', open, async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ') && sameSecret(header.slice(7).trim(), deps.apiToken)) {
      return { authenticated: true, method: 'bearer' };
    }
    const token = cookieValue(request, SESSION_COOKIE);
    const session = token ? await deps.auth.findSession(token, deps.clock.now()) : undefined;
    if (!session) return { authenticated: false, passphrase_set: Boolean(await deps.auth.passphraseHash()) };
    return {
      authenticated: true,
      method: 'session',
      csrf_token: session.csrfToken,
      expires_at: session.expiresAt,
    };
  });
}
