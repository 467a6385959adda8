// The HTTP server: health and a placeholder page for now; the API and the dashboard are added to it.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/create-app.js';

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>app</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>app is running</h1><p>The dashboard is on its way. Health: <a href="/api/health">/api/health</a></p></main></body></html>
`;

export function buildHttpServer(deps: AppDeps): FastifyInstance {
  const server = Fastify({ loggerInstance: deps.logger as FastifyBaseLogger, bodyLimit: 2 * 1024 * 1024 });

  server.get('/api/health', async (_request, reply) => {
    try {
      deps.database.sqlite.prepare('select 1').get();
      return { status: 'ok', version: deps.version, database: 'ok', mode: deps.config.mode };
    } catch {
      return reply.code(503).send({ status: 'degraded', version: deps.version, database: 'unreachable' });
    }
  });

  server.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PLACEHOLDER));
  return server;
}
