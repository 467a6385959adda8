// The HTTP server: canonical request targets, host guard, authentication decided per matched route, JSON-only
// writes, the routes derived from the operation registry, media upload/serving, health, and (for now) a
// placeholder page where the dashboard will be served.
import { fastifyMultipart } from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createHttpAuth } from '../../app/http-auth.js';
import type { AppDeps } from '../../app/wiring/create-app.js';
import { MEDIA_LIMITS } from '../../core/domain/media-rules.js';
import { OPERATIONS } from '../../operations/registry.js';
import { registerApiHeaders } from './api-headers.js';
import { accountDepsOf, registerAccountScope } from './auth/account-scope.js';
import { registerHttpAuth } from './auth/http-auth.js';
import { type RouteSummary, trackRoutes } from './auth/route-access.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './error-response.js';
import { registerHostGuard } from './host-guard.js';
import { registerOperations } from './register-operations.js';
import { registerRequestTargetGuard } from './request-target.js';
import { registerAccountRoutes } from './routes/account-routes.js';
import { registerConnectorRoutes } from './routes/connector-routes.js';
import { registerDashboardRoutes } from './routes/dashboard-routes.js';
import { registerEventRoutes } from './routes/event-routes.js';
import { registerMcpRoute } from './routes/mcp-route.js';
import { registerMediaRoutes } from './routes/media-routes.js';
import { registerPlatformAuthRoutes } from './routes/platform-auth-routes.js';
import { registerWriteBodyRules } from './write-body-rules.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access (public or authenticated) and body type. */
    routeTable: readonly RouteSummary[];
  }
}

/** Node's limit on the request line plus headers; larger requests are answered 431. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Longest path parameter (ids are far shorter); longer ones are answered 414. */
export const MAX_PARAM_LENGTH = 200;

export interface HttpServerOptions {
  /** The bearer token API clients send; by default the one in <data dir>/api_token (created at first start). */
  apiToken?: string;
  /** The tool server's token at /mcp ([mcp] http_enabled); by default <data dir>/mcp_token. */
  mcpToken?: string;
}

export async function buildHttpServer(
  deps: AppDeps,
  options: HttpServerOptions = {},
): Promise<FastifyInstance> {
  const proxies = deps.config.server.trusted_proxies;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    // request.ip is the socket address unless the request came through a proxy the user trusts.
    trustProxy: proxies.length > 0 ? [...proxies] : false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.decorate('routeTable', trackRoutes(app));
  registerErrorHandling(app);
  registerApiHeaders(app);
  registerRequestTargetGuard(app);
  // While shutting down, answers close their connection: a kept-alive socket would hold close() open
  // after the in-flight requests it waits for have finished.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  registerHostGuard(app, deps.config.server);
  registerHttpAuth(app, createHttpAuth(deps, options.apiToken));
  registerAccountScope(app, deps);
  registerWriteBodyRules(app);
  // One file per upload, streamed: the cap is the largest media kind plus a little for the envelope.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_LIMITS.video.maxBytes + 1, files: 1, fields: 10, parts: 12 },
  });

  const open = { config: { public: true } };
  app.get('/api/health', open, async (_request, reply) => {
    try {
      await deps.status.pingDatabase();
      return { status: 'ok', version: deps.version, database: 'ok', mode: deps.config.mode };
    } catch {
      return reply.code(503).send({ status: 'degraded', version: deps.version, database: 'unreachable' });
    }
  });
  registerOperations(app, OPERATIONS);
  registerMediaRoutes(app, { media: (request) => accountDepsOf(request).media });
  registerAccountRoutes(app);
  registerEventRoutes(app);
  registerConnectorRoutes(app, deps);
  registerPlatformAuthRoutes(app, deps);
  if (deps.config.mcp.http_enabled) await registerMcpRoute(app, deps, options.mcpToken);
  await registerDashboardRoutes(app, deps.webRoot);
  return app;
}
