// `app mcp serve --transport http`: a plain Node HTTP server whose only route is /mcp (the endpoint of
// http-endpoint.ts); every other path is 404. Bound to 127.0.0.1 unless told otherwise.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppDeps } from '../../app/wiring/create-app.js';
import type { ToolProfile } from '../../contracts/tools/tool-binding.js';
import { createHttpEndpoint, type HttpEndpoint } from './http-endpoint.js';

export const MCP_PATH = '/mcp';

export interface HttpToolServer {
  /** The endpoint's URL, e.g. http://127.0.0.1:3002/mcp. */
  url: string;
  endpoint: HttpEndpoint;
  /** Ends the sessions, then stops listening (in-flight answers finish first). */
  close(): Promise<void>;
}

export interface HttpToolServerOptions {
  profile: ToolProfile;
  expose?: 'full' | 'compact';
  token: string;
  host: string;
  port: number;
}

/** The URL a client on this machine uses for `host`:`port` (a wildcard bind is reached on loopback). */
export function endpointUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}${MCP_PATH}`;
}

export async function startHttpToolServer(
  deps: AppDeps,
  options: HttpToolServerOptions,
): Promise<HttpToolServer> {
  const endpoint = createHttpEndpoint(deps, {
    profile: options.profile,
    expose: options.expose,
    token: options.token,
    host: options.host,
    allowedHosts: deps.config.server.allowed_hosts,
  });
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== MCP_PATH) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"error":"not found; the endpoint is /mcp"}');
      return;
    }
    void endpoint.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: endpointUrl(options.host, port),
    endpoint,
    async close() {
      await endpoint.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
