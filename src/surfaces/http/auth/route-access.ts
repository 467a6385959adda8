// What a route declares about who may call it and what body it takes. Every route is authenticated unless
// its config says `public: true`; the decision is made on the route the router matched, never on the URL.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without credentials: health, login/status, OAuth callbacks, first-run setup, static files. */
    public?: boolean;
    /** Checks its own credentials in its handler (the tool server's /mcp: the MCP token, never a session). */
    ownAuth?: boolean;
    /** The body a write takes (default `json`). */
    body?: 'json' | 'multipart';
  }
}

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
  body: 'json' | 'multipart';
}

/**
 * Records every route as it is added (HEAD twins included), so tests and docs can walk the real table.
 * Call before any route is registered.
 */
export function trackRoutes(app: FastifyInstance): RouteSummary[] {
  const routes: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        body: route.config?.body ?? 'json',
      });
    }
  });
  return routes;
}
