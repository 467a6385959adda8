// The request pipeline every /2 and /12 route shares: bearer auth → tier → rate limit → scopes → acting
// user → ads enablement → handler, with platform-shaped errors. Routes are declared as data (ApiRoute).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenRecord } from './auth-store.js';
import type { UserRecord } from './model.js';
import {
  clientForbiddenBody,
  FakeApiError,
  forbidden,
  invalidRequest,
  missingScope,
  tooManyRequestsBody,
  unauthorized,
} from './problems.js';
import { rateLimitHeaders } from './rate-limits.js';
import type { FakeState } from './state.js';

export type Query = Record<string, string>;

export interface ApiContext {
  req: FastifyRequest;
  reply: FastifyReply;
  state: FakeState;
  user: UserRecord;
  token: TokenRecord;
  params: Record<string, string>;
  query: Query;
  body: unknown;
}

export interface ApiResult {
  status: number;
  body: unknown;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Every one of these must be granted. */
  scopes: string[];
  /** At least one of these must be granted (media upload: media.write or tweet.write). */
  anyScope?: string[];
  /** Path parameter that must equal the token's user ("acting as :me" routes). */
  me?: string;
  /** Needs a Pro or Enterprise project (compliance, stream rules, usage). */
  elevated?: boolean;
  /** The request body, when present, must be JSON. */
  json?: boolean;
  bodyLimit?: number;
  handler(ctx: ApiContext): ApiResult | Promise<ApiResult>;
}

/** Per-request facts the hooks share (start time, acting user, injected fault). */
export interface RequestMeta {
  startedAt: number;
  userId?: string;
  fault?: string;
  dropAfterCommit?: boolean;
  holdAfterCommitMs?: number;
  logged?: boolean;
}

export const requestMeta = new WeakMap<FastifyRequest, RequestMeta>();

export function ok(body: unknown, status = 200): ApiResult {
  return { status, body };
}

export function normalizeQuery(raw: unknown): Query {
  const query: Query = {};
  if (raw && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (first !== undefined) query[key] = String(first);
    }
  }
  return query;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export function registerApiRoutes(app: FastifyInstance, state: FakeState, routes: ApiRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: route.bodyLimit,
      handler: async (req, reply) => {
        try {
          const result = await runPipeline(route, state, req, reply);
          return reply.code(result.status).send(result.body);
        } catch (error) {
          if (error instanceof FakeApiError)
            return reply.code(error.status).headers(error.headers).send(error.body);
          throw error;
        }
      },
    });
  }
}

async function runPipeline(
  route: ApiRoute,
  state: FakeState,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<ApiResult> {
  const token = state.auth.authenticate(bearerToken(req) ?? '', state.now());
  const user = token ? state.users.get(token.userId) : undefined;
  if (!token || !user) throw unauthorized();
  const meta = requestMeta.get(req);
  if (meta) meta.userId = user.id;

  if (route.elevated && state.settings.tier === 'basic') {
    throw new FakeApiError(403, clientForbiddenBody(token.clientId));
  }
  const template = req.routeOptions.url ?? route.url;
  const decision = state.rateLimits.consume(user.id, req.method, template, state.now());
  reply.headers(rateLimitHeaders(decision));
  if (!decision.allowed) throw new FakeApiError(429, tooManyRequestsBody());

  const granted = new Set(token.scopes);
  const missing = route.scopes.find((scope) => !granted.has(scope));
  if (missing) throw missingScope(missing);
  if (route.anyScope && !route.anyScope.some((scope) => granted.has(scope))) {
    throw missingScope(route.anyScope[0] ?? '');
  }

  const params = (req.params ?? {}) as Record<string, string>;
  if (route.me && params[route.me] !== user.id) throw forbidden();
  if (route.url.startsWith('/12/') && !state.adsEnabled.has(user.id)) {
    throw new FakeApiError(403, {
      errors: [
        { code: 'UNAUTHORIZED_ACCESS', message: 'This request is not authorized to access this account' },
      ],
      request: { params: {} },
    });
  }
  if (route.json && req.body !== undefined && !isJson(req)) {
    throw invalidRequest('Requests with bodies must have content-type of application/json.');
  }
  return route.handler({
    req,
    reply,
    state,
    user,
    token,
    params,
    query: normalizeQuery(req.query),
    body: req.body,
  });
}

function isJson(req: FastifyRequest): boolean {
  return /^application\/(?:[\w.+-]+\+)?json/i.test(req.headers['content-type'] ?? '');
}

/** The JSON body as an object, or a 400 like the platform's for anything else. */
export function jsonObject(body: unknown): Record<string, unknown> {
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    return body as Record<string, unknown>;
  }
  throw invalidRequest('Request body must be a JSON object.');
}

export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number') return String(value);
  throw invalidRequest(`$.${field}: is missing but it is required`, field);
}

export function requireQuery(query: Query, name: string): string {
  const value = query[name];
  if (value === undefined || value === '') {
    throw invalidRequest(`The \`${name}\` query parameter can not be empty`, name);
  }
  return value;
}
