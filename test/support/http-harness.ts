// The service as its HTTP face sees it, in-process: the app harness (temp data dir, real SQLite, the fake
// platform with a stored login) and `inject()` requests carrying the bearer token. `postNow()` runs the
// posting queue once.
import type { ConfigInput } from '../../src/contracts/config/config.js';
import type { PostingJob } from '../../src/contracts/posting.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { buildHttpServer } from '../../src/surfaces/http/build-server.js';
import { type AppHarness, type AppHarnessOptions, startAppHarness } from './app-harness.js';

type Server = Awaited<ReturnType<typeof buildHttpServer>>;

export interface HttpHarness extends Omit<AppHarness, 'postNow'> {
  server: Server;
  token: string;
  /** A request with the bearer token (unless `auth: false`). */
  api(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    options?: { auth?: boolean; headers?: Record<string, string> },
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
  ): Promise<{ status: number; json: any; headers: Record<string, unknown> }>;
  /** One pass of the posting queue. */
  postNow(): Promise<PostingJob[]>;
}

export type HttpHarnessOptions = Omit<AppHarnessOptions, 'config'>;

export async function startHttpHarness(
  config: ConfigInput = {},
  options: HttpHarnessOptions = {},
): Promise<HttpHarness> {
  const base = await startAppHarness({ ...options, config });
  const token = ensureApiToken(base.app.deps.paths.apiTokenPath);
  const server = await buildHttpServer(base.app.deps, { apiToken: token });
  return {
    ...base,
    server,
    token,
    async api(method, url, body, requestOptions = {}) {
      const headers: Record<string, string> = { host: '127.0.0.1:3001', ...requestOptions.headers };
      if (requestOptions.auth !== false) headers.authorization = `Bearer ${token}`;
      const response = await server.inject({
        method,
        url,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      let json: unknown;
      try {
        json = response.json();
      } catch {
        json = undefined;
      }
      return { status: response.statusCode, json, headers: response.headers };
    },
    async close() {
      await server.close();
      await base.close();
    },
  };
}
