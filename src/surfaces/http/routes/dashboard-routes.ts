// The dashboard SPA, served from its build output (`dist/web`): hashed assets under /assets/ (cached for
// good), and the page for each client route the app has (contracts/dashboard-routes.ts, so an unknown path
// is still a 404 and never reaches a handler). All public: the page itself holds no data; every /api call
// it makes is authenticated. Without a build, the pages say how to make one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DASHBOARD_PATHS } from '../../../contracts/dashboard-routes.js';

/** Nothing but this server: no CDN, no inline script; images may be uploads (blob:) being previewed. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>app</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>app is running</h1><p>The dashboard is not built: run <code>npm run build</code>.
Health: <a href="/api/health">/api/health</a></p></main></body></html>
`;

const pageHeaders = (reply: FastifyReply) =>
  reply.headers({
    'content-security-policy': CSP,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  });

export async function registerDashboardRoutes(app: FastifyInstance, webRoot: string): Promise<void> {
  const open = { config: { public: true } };
  const built = existsSync(join(webRoot, 'index.html'));
  // Only the reply decorator: the routes below are ours, so each one says it is public.
  if (built) await app.register(fastifyStatic, { root: webRoot, serve: false });
  app.get('/assets/*', open, (request, reply) => {
    if (!built) return reply.callNotFound();
    const file = (request.params as { '*': string })['*'];
    reply.header('x-content-type-options', 'nosniff');
    // Hashed names: a changed file is a new name, so these can be kept for good.
    return reply.sendFile(file, join(webRoot, 'assets'), { maxAge: 365 * 86_400_000, immutable: true });
  });
  for (const path of DASHBOARD_PATHS) {
    app.get(path, open, (_request, reply) => {
      pageHeaders(reply);
      return built
        ? reply.sendFile('index.html', webRoot, { cacheControl: false })
        : reply.type('text/html; charset=utf-8').send(NOT_BUILT);
    });
  }
}
