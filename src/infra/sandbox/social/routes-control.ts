// The control API under /__control (no auth, loopback only): faults, reset, seeding, a user's profile (name,
// handle, picture), OAuth clients and tokens, the clock, the request log, stats and settings, so
// out-of-process tests can steer the fake.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FaultAction, type FaultController, faultPresets, parseWirePath } from './faults.js';
import type { SeedInput } from './seed.js';
import type { FakeState, ProfileChange, Tier } from './state.js';

export interface RequestLogEntry {
  /** Fake-clock time the request arrived (ISO 8601). */
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** 0 when the connection was dropped before any response. */
  status: number;
  ms: number;
  userId?: string;
  fault?: string;
  dropped?: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const ACTION_TYPES = new Set(Object.keys(faultPresets));

export function registerControlRoutes(
  app: FastifyInstance,
  state: FakeState,
  faults: FaultController,
  requests: RequestLogEntry[],
): void {
  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    handler: (body: Record<string, unknown>, req: FastifyRequest) => unknown,
    status = 200,
  ) => {
    app.route({
      method,
      url: `/__control${url}`,
      handler: async (req, reply: FastifyReply) => {
        if (!LOOPBACK.has(req.socket.remoteAddress ?? ''))
          return reply.code(403).send({ error: 'loopback only' });
        const body =
          req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)
            ? (req.body as Record<string, unknown>)
            : {};
        try {
          return reply.code(status).send(handler(body, req));
        } catch (error) {
          return reply.code(400).send({ error: error instanceof Error ? error.message : String(error) });
        }
      },
    });
  };

  route(
    'POST',
    '/faults',
    (body) => ({ id: faults.inject({ ...parseRule(body), action: parseAction(body.action) }) }),
    201,
  );
  route('GET', '/faults', () => ({ data: faults.list() }));
  route('DELETE', '/faults', () => {
    faults.clear();
    return { cleared: true };
  });
  route('DELETE', '/faults/:id', (_body, req) => ({
    removed: faults.remove((req.params as { id: string }).id),
  }));
  route('POST', '/reset', () => {
    state.reset();
    faults.clear();
    requests.length = 0;
    return { reset: true };
  });
  route('POST', '/seed', (body) => ({ data: state.seed(body as SeedInput) }), 201);
  route('POST', '/users/:id/profile', (body, req) => {
    const user = state.setProfile((req.params as { id: string }).id, parseProfile(body));
    return { id: user.id, name: user.name, username: user.username };
  });
  route(
    'POST',
    '/clients',
    (body) => {
      const client = state.registerClient({
        clientId: String(body.client_id ?? ''),
        clientSecret: typeof body.client_secret === 'string' ? body.client_secret : undefined,
        redirectUris: Array.isArray(body.redirect_uris) ? body.redirect_uris.map(String) : [],
      });
      if (!client.clientId) throw new Error('client_id is required');
      return {
        client_id: client.clientId,
        redirect_uris: client.redirectUris,
        confidential: client.clientSecret !== undefined,
      };
    },
    201,
  );
  route(
    'POST',
    '/tokens',
    (body) => {
      const scopes = Array.isArray(body.scopes)
        ? body.scopes.map(String)
        : String(body.scopes ?? '')
            .split(/\s+/)
            .filter(Boolean);
      const issued = state.issueToken({
        userId: typeof body.user_id === 'string' ? body.user_id : undefined,
        scopes: scopes.length > 0 ? scopes : state.allScopes(),
        expiresInSeconds: typeof body.expires_in_seconds === 'number' ? body.expires_in_seconds : undefined,
        withRefresh: body.with_refresh === true,
        clientId: typeof body.client_id === 'string' ? body.client_id : undefined,
      });
      return {
        token_type: 'bearer',
        access_token: issued.accessToken,
        ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
        expires_in: issued.expiresIn,
        scope: issued.scopes.join(' '),
        user_id: issued.userId,
      };
    },
    201,
  );
  route('POST', '/clock', (body) => {
    const seconds = Number(body.advance_seconds ?? 0);
    if (!Number.isFinite(seconds)) throw new Error('advance_seconds must be a number');
    state.clock.advance(seconds * 1000);
    return { now: state.now(), iso: new Date(state.now()).toISOString() };
  });
  route('GET', '/requests', () => ({ data: requests }));
  route('DELETE', '/requests', () => {
    requests.length = 0;
    return { cleared: true };
  });
  route('GET', '/stats', () => ({
    stats: state.stats,
    counts: {
      users: state.users.size,
      tweets: state.tweets.size,
      media: state.media.size,
      tokens: state.auth.tokens.size,
      requests: requests.length,
    },
    settings: state.settings,
    faults: faults.list(),
  }));
  route('POST', '/settings', (body) => {
    applySettings(state, body);
    return { settings: state.settings };
  });
}

/** `{name?, username?, profile_image_url?: string|null, picture?: {content_type, base64}|null}`. */
function parseProfile(body: Record<string, unknown>): ProfileChange {
  const text = (key: string) => {
    const value = body[key];
    if (value !== undefined && typeof value !== 'string') throw new Error(`${key} must be a string`);
    return value;
  };
  const change: ProfileChange = {};
  const name = text('name');
  const username = text('username');
  if (name !== undefined) change.name = name;
  if (username !== undefined) change.username = username;
  if (body.profile_image_url === null) change.profileImageUrl = null;
  else if (body.profile_image_url !== undefined) change.profileImageUrl = text('profile_image_url');
  if (body.picture === null) change.picture = null;
  else if (body.picture !== undefined) {
    const picture = body.picture as { content_type?: unknown; base64?: unknown };
    if (typeof picture.content_type !== 'string' || typeof picture.base64 !== 'string')
      throw new Error('picture needs content_type and base64');
    change.picture = { contentType: picture.content_type, bytes: Buffer.from(picture.base64, 'base64') };
  }
  return change;
}

function parseRule(body: Record<string, unknown>) {
  return {
    method: typeof body.method === 'string' ? body.method : undefined,
    path: parseWirePath(body.path),
    times: typeof body.times === 'number' ? body.times : undefined,
    skip: typeof body.skip === 'number' ? body.skip : undefined,
    userId: typeof body.user_id === 'string' ? body.user_id : undefined,
  };
}

/** Accepts `{type, ...args}` for every preset, e.g. {type:"rateLimited", resetInSeconds: 60}. */
function parseAction(raw: unknown): FaultAction {
  const action = (raw ?? {}) as Record<string, unknown>;
  const type = String(action.type ?? '');
  if (!ACTION_TYPES.has(type)) throw new Error(`unknown fault action type: ${type}`);
  const number = (key: string, fallback: number) =>
    typeof action[key] === 'number' ? (action[key] as number) : fallback;
  switch (type) {
    case 'status':
      return faultPresets.status(
        number('status', 500),
        action.body,
        action.headers as Record<string, string> | undefined,
      );
    case 'rateLimited':
      return faultPresets.rateLimited(number('resetInSeconds', number('reset_in_seconds', 900)));
    case 'serverError':
      return faultPresets.serverError(number('status', 503));
    case 'latency':
      return faultPresets.latency(number('ms', 1000));
    case 'html':
      return faultPresets.html(number('status', 503));
    case 'holdAfterCommit':
      return faultPresets.holdAfterCommit(number('ms', 5000));
    case 'redirect':
      return faultPresets.redirect(
        String(action.location ?? 'http://169.254.169.254/'),
        number('status', 302),
      );
    default:
      return { type } as FaultAction;
  }
}

function applySettings(state: FakeState, body: Record<string, unknown>): void {
  if (body.tier === 'basic' || body.tier === 'pro' || body.tier === 'enterprise')
    state.setTier(body.tier as Tier);
  if (body.consent === 'allow' || body.consent === 'deny') state.setConsent(body.consent);
  if (body.granted_scopes === null || Array.isArray(body.granted_scopes)) {
    state.setGrantedScopes(body.granted_scopes ? body.granted_scopes.map(String) : null);
  }
  if (typeof body.authorizing_user_id === 'string') state.setAuthorizingUser(body.authorizing_user_id);
  if (typeof body.processing_polls === 'number') state.setProcessingPolls(body.processing_polls);
  if (body.fail_next_processing === true) state.failNextProcessing();
  if (body.rate_limits && typeof body.rate_limits === 'object') {
    for (const [template, limit] of Object.entries(body.rate_limits as Record<string, unknown>)) {
      state.setRateLimit(template, Number(limit));
    }
  }
  if (Array.isArray(body.enable_ads_for))
    for (const userId of body.enable_ads_for) state.enableAds(String(userId));
}
