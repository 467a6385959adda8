// /mcp in `app serve` ([mcp] http_enabled): the tool server's streamable HTTP endpoint, the same one
// `app mcp serve --transport http` serves. Its own bearer tokens (each account's mcp_token, which binds the
// session to that account) are checked by the endpoint, so the route skips the API's auth hook; the body
// reaches the transport unread (its own limit and errors).
import type { FastifyInstance } from 'fastify';
import { ensureMcpToken } from '../../../app/mcp-token.js';
import type { AppDeps } from '../../../app/wiring/create-app.js';
import { createHttpEndpoint } from '../../mcp/http-endpoint.js';
import { MCP_PATH } from '../../mcp/http-server.js';

export async function registerMcpRoute(app: FastifyInstance, deps: AppDeps, token?: string): Promise<void> {
  const endpoint = createHttpEndpoint(deps, {
    profile: deps.config.mcp.http_profile,
    token: token ?? ensureMcpToken(deps.paths),
    // Each further account's own token acts on that account only.
    accounts: deps.accounts
      .list()
      .filter((account) => account.deps !== deps)
      .map((account) => ({ token: ensureMcpToken(account.deps.paths), deps: account.deps })),
    host: deps.config.server.host,
    allowedHosts: deps.config.server.allowed_hosts,
  });
  // Ending the sessions ends their open streams; the connections they held are idle only then.
  app.addHook('preClose', async () => {
    await endpoint.close();
    app.server.closeIdleConnections();
  });
  await app.register((scope, _options, done) => {
    // The transport reads the body itself: nothing here may consume the stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      config: { ownAuth: true },
      handler: async (request, reply) => {
        reply.hijack();
        await endpoint.handle(request.raw, reply.raw);
      },
    });
    done();
  });
}
