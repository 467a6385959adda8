// The headers every /api answer carries, errors included (and every error answer elsewhere): `nosniff` (a
// JSON answer is never read as a page or a script) and `no-store` (API answers hold account data; no browser
// or proxy cache keeps them). A route that sets its own Cache-Control on success (media previews) keeps it.
import type { FastifyInstance } from 'fastify';

export const API_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' } as const;

/** Whether a request target is under /api (the raw target: disguised spellings are refused as 404 anyway). */
const isApi = (url: string) => /^\/api(\/|\?|$)/.test(url);

export function registerApiHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApi(request.url) && reply.statusCode < 400) return payload;
    reply.header('x-content-type-options', API_HEADERS['x-content-type-options']);
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', API_HEADERS['cache-control']);
    }
    return payload;
  });
}
