// startFakeSocial(): one fastify server on 127.0.0.1 answering every host the client uses (API v2, ads v12,
// OAuth, media upload, profile pictures), with fault injection in front, a request log behind, and the control API.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fastifyMultipart } from '@fastify/multipart';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, fastify } from 'fastify';
import { createFakeClock, type FakeClock } from './clock.js';
import { DEFAULT_CLIENT_ID } from './constants.js';
import { type FaultAction, FaultController } from './faults.js';
import {
  clientForbiddenBody,
  FakeApiError,
  forbiddenBody,
  genericProblem,
  invalidRequestBody,
  SUSPENDED,
  statusTitle,
  tooManyRequestsBody,
  unauthorizedBody,
} from './problems.js';
import { registerProfilePictureRoutes } from './profile-pictures.js';
import { rateLimitHeaders } from './rate-limits.js';
import { bearerToken, normalizeQuery, registerApiRoutes, requestMeta } from './route-kit.js';
import { adsRoutes } from './routes-ads.js';
import { type RequestLogEntry, registerControlRoutes } from './routes-control.js';
import { dmRoutes } from './routes-dms.js';
import { engagementRoutes } from './routes-engagement.js';
import { enterpriseRoutes } from './routes-enterprise.js';
import { listRoutes } from './routes-lists.js';
import { mediaRoutes } from './routes-media.js';
import { registerOAuthRoutes } from './routes-oauth.js';
import { searchRoutes } from './routes-search.js';
import { spaceRoutes } from './routes-spaces.js';
import { tweetRoutes } from './routes-tweets.js';
import { userRoutes } from './routes-users.js';
import { FakeState, type Tier } from './state.js';

export interface StartFakeSocialOptions {
  /** 0 or absent picks a free port. */
  port?: number;
  clock?: FakeClock;
  accessTokenTtlSeconds?: number;
  tier?: Tier;
  /** Called for every logged request (the CLI prints them). */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface FakeSocial {
  /** Base URL for every platform host: API, ads, OAuth and upload. */
  url: string;
  state: FakeState;
  faults: FaultController;
  clock: FakeClock;
  requests: RequestLogEntry[];
  /** Back to the demo seed with no faults and an empty request log (what POST /__control/reset does). */
  reset(): void;
  close(): Promise<void>;
}

const MAX_LOG = 10_000;
const MAX_UPLOAD = 600 * 1024 * 1024;

export async function startFakeSocial(options: StartFakeSocialOptions = {}): Promise<FakeSocial> {
  const clock = options.clock ?? createFakeClock();
  const state = new FakeState({
    clock,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    tier: options.tier,
  });
  const faults = new FaultController();
  const requests: RequestLogEntry[] = [];
  const log = (req: FastifyRequest, status: number, extra: Partial<RequestLogEntry> = {}) => {
    const meta = requestMeta.get(req);
    if (!meta || meta.logged) return;
    meta.logged = true;
    const entry: RequestLogEntry = {
      at: new Date(clock.now()).toISOString(),
      method: req.method,
      path: req.url.split('?')[0] ?? req.url,
      query: normalizeQuery(req.query),
      status,
      ms: Math.round((performance.now() - meta.startedAt) * 10) / 10,
      ...(meta.userId ? { userId: meta.userId } : {}),
      ...(meta.fault ? { fault: meta.fault } : {}),
      ...extra,
    };
    requests.push(entry);
    if (requests.length > MAX_LOG) requests.splice(0, requests.length - MAX_LOG);
    options.onRequest?.(entry);
  };

  const app = fastify({ logger: false });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD, files: 4, fields: 50, parts: 60 } });
  installParsers(app);

  app.addHook('onRequest', async (req, reply) => {
    requestMeta.set(req, { startedAt: performance.now() });
    const path = req.url.split('?')[0] ?? '';
    if (path.startsWith('/__control')) return;
    const token = bearerToken(req);
    const userId = token ? state.auth.authenticate(token, state.now())?.userId : undefined;
    const { delayMs, action } = faults.take(req.method, path, userId);
    if (delayMs > 0) await sleep(delayMs);
    if (!action) return;
    const meta = requestMeta.get(req);
    if (meta) meta.fault = action.type;
    if (action.type === 'drop') {
      log(req, 0, { dropped: true });
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    }
    if (action.type === 'dropAfterCommit') {
      if (meta) meta.dropAfterCommit = true;
      return;
    }
    if (action.type === 'holdAfterCommit') {
      if (meta) meta.holdAfterCommitMs = action.ms;
      return;
    }
    // The fault answers instead of the route, so nothing reads the body: discard it first, as a real
    // front end does, or the unread upload keeps the connection (and shutdown) waiting.
    for await (const _chunk of req.raw) {
      // discarded
    }
    return sendFault(state, req, reply, action);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const hold = requestMeta.get(req)?.holdAfterCommitMs;
    if (hold) await sleep(hold);
    // The effect already happened; the client only loses the answer.
    if (requestMeta.get(req)?.dropAfterCommit) {
      log(req, reply.statusCode, { dropped: true });
      req.raw.socket.destroy();
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => log(req, reply.statusCode));

  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    if (error instanceof FakeApiError)
      return reply.code(error.status).headers(error.headers).send(error.body);
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(genericProblem(413));
    if (status >= 400 && status < 500)
      return reply.code(400).send(invalidRequestBody([{ message: error.message }]));
    return reply.code(500).send(genericProblem(500));
  });
  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send({ errors: [{ message: 'Sorry, that page does not exist', code: 34 }] }),
  );

  registerOAuthRoutes(app, state);
  registerApiRoutes(app, state, [
    ...tweetRoutes(),
    ...searchRoutes(),
    ...userRoutes(),
    ...engagementRoutes(),
    ...dmRoutes(),
    ...listRoutes(),
    ...spaceRoutes(),
    ...enterpriseRoutes(),
    ...mediaRoutes(),
    ...adsRoutes(),
  ]);
  registerProfilePictureRoutes(app, state);
  registerControlRoutes(app, state, faults, requests);

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://127.0.0.1:${port}`;
  state.origin = url;
  return {
    url,
    state,
    faults,
    clock,
    requests,
    reset: () => {
      state.reset();
      faults.clear();
      requests.length = 0;
    },
    close: async () => {
      faults.clear();
      await app.close();
    },
  };
}

/** JSON (an empty body is no body, as some clients send a JSON content type on DELETE), forms, anything else raw. */
function installParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(/^application\/(?:[\w.+-]+\+)?json/, { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new FakeApiError(400, invalidRequestBody([{ message: 'Request body is not valid JSON.' }])),
        undefined,
      );
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

function sendFault(state: FakeState, req: FastifyRequest, reply: FastifyReply, action: FaultAction) {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    reply.code(status).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(body));
  switch (action.type) {
    case 'status':
      return json(action.status, action.body ?? genericProblem(action.status), action.headers);
    case 'rateLimited': {
      const template = req.routeOptions.url ?? req.url.split('?')[0] ?? '';
      const reset = Math.ceil(state.now() / 1000) + action.resetInSeconds;
      const limit = state.rateLimits.limitFor(req.method, template);
      return json(
        429,
        tooManyRequestsBody(),
        rateLimitHeaders({ allowed: false, limit, remaining: 0, reset }),
      );
    }
    case 'expiredToken':
      return json(401, unauthorizedBody());
    case 'forbidden':
      return json(403, forbiddenBody('Forbidden'));
    case 'tierForbidden': {
      const token = state.auth.tokens.get(bearerToken(req) ?? '');
      return json(403, clientForbiddenBody(token?.clientId ?? DEFAULT_CLIENT_ID));
    }
    case 'suspended':
      return json(403, forbiddenBody(SUSPENDED));
    case 'serverError':
      return json(action.status, genericProblem(action.status));
    case 'html': {
      const title = `${action.status} ${statusTitle(action.status)}`;
      return reply
        .code(action.status)
        .type('text/html; charset=utf-8')
        .send(
          `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>Something is technically wrong.</p></body></html>`,
        );
    }
    case 'redirect':
      return reply.code(action.status).header('location', action.location).send();
    case 'malformed':
      return reply.code(200).type('application/json; charset=utf-8').send('{"data":');
    case 'missingFields':
      return json(200, { data: {} });
    default:
      return reply;
  }
}
