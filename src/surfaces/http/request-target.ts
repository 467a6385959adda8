// The request target as the router will see it. The router decodes percent-escapes and accepts the
// absolute form (`GET http://host/path`), so two spellings of one path could be treated differently by
// anything that looks at the raw URL. Only the one canonical spelling of a path is served; every other
// spelling is answered 404 before any hook or handler sees it, and over-long targets 414.

import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';

/** Longest request target (path and query) served; browsers and API clients stay far below it. */
export const MAX_URL_LENGTH = 8192;

// RFC 3986 unreserved characters: percent-encoding them never means anything else, so an escaped one
// is only ever a disguise.
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Why `path` (the raw target before `?`) is not a canonical origin-form path, or undefined when it is. */
export function nonCanonicalReason(path: string): string | undefined {
  if (!path.startsWith('/')) return 'not an origin-form path';
  if (path.includes('//')) return 'empty path segment';
  if (path.includes('\\')) return 'backslash in the path';
  if (path.includes(';')) return 'parameter delimiter in the path';
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') return 'dot segment';
  }
  for (const match of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    const code = Number.parseInt(match[1] ?? '', 16);
    const char = String.fromCharCode(code);
    if (UNRESERVED.test(char)) return 'percent-encoded unreserved character';
    if (char === '/' || char === '\\' || code < 0x20 || code === 0x7f) return 'encoded separator or control';
  }
  return undefined;
}

/** First onRequest hook: only canonical, bounded request targets go any further. */
export function registerRequestTargetGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '';
    if (url.length > MAX_URL_LENGTH) {
      throw new AppError('uri_too_long', `request target longer than ${MAX_URL_LENGTH} characters`);
    }
    const path = url.split('?', 1)[0] ?? '';
    if (nonCanonicalReason(path) !== undefined) {
      throw new AppError('not_found', `no route ${request.method} ${path.slice(0, 200)}`);
    }
  });
}
