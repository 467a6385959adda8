// The service as its HTTP face sees it, in-process: a temp data dir, real SQLite, the fake platform with a
// stored login, and `inject()` requests carrying the bearer token. `postNow()` runs the posting queue once.

import { type App, createApp } from '../../src/app/create-app.js';
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';
import type { PostingJob } from '../../src/contracts/posting.js';
import { runPostingQueue } from '../../src/core/gateway/publish-job.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { buildHttpServer } from '../../src/surfaces/http/build-server.js';
import {
  createFakeClock,
  type FakeSocial,
  type SettableClock,
  startFakeSocial,
} from '../fakes/social/index.js';
import { storeFakeLogin } from './fake-login.js';
import { createTempHome, type TempHome } from './temp-home.js';

type Server = Awaited<ReturnType<typeof buildHttpServer>>;

export interface HttpHarness {
  home: TempHome;
  fake: FakeSocial;
  clock: SettableClock;
  app: App;
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
  close(): Promise<void>;
}

export interface HttpHarnessOptions {
  /** Reuse this data dir (a "restart" of the service); it is left in place on close. */
  home?: TempHome;
}

export async function startHttpHarness(
  config: ConfigInput = {},
  options: HttpHarnessOptions = {},
): Promise<HttpHarness> {
  const clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00.000Z') });
  const fake = await startFakeSocial({ clock });
  const home = options.home ?? createTempHome();
  const parsed = ConfigSchema.parse({
    ...config,
    social_api: {
      client_id: 'test-client',
      api_base_url: fake.url,
      upload_base_url: fake.url,
      token_url: `${fake.url}/2/oauth2/token`,
      request_timeout_seconds: 5,
      ...config.social_api,
    },
  });
  storeFakeLogin(fake, `${home.dir}/tokens.json`);
  const app = createApp({
    config: parsed,
    dataDir: home.dir,
    logger: createLogger({ level: 'silent' }),
    clock: { now: () => new Date(clock.now()) },
    env: home.env,
    sleep: async () => {},
    random: () => 0,
  });
  const token = ensureApiToken(app.deps.paths.apiTokenPath);
  const server = await buildHttpServer(app.deps, { apiToken: token });
  return {
    home,
    fake,
    clock,
    app,
    server,
    token,
    async api(method, url, body, options = {}) {
      const headers: Record<string, string> = { host: '127.0.0.1:3001', ...options.headers };
      if (options.auth !== false) headers.authorization = `Bearer ${token}`;
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
    postNow: () => runPostingQueue(app.deps.publisher),
    async close() {
      await server.close();
      await app.close();
      await fake.close();
      if (!options.home) home.cleanup();
    },
  };
}
