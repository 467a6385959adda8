// A first run in-process: a temp home with NO config file (unless a test writes one), the fake platform
// reached through APP_SOCIAL_API__* env vars, and the service's runtime (so a written config applies at once
// as in `app serve`) with its HTTP face; requests carry the API token.

import { type Runtime, startRuntime } from '../../src/app/runtime.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { fakeSocialConfig } from '../../src/infra/sandbox/social/config-lines.js';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { buildHttpServer } from '../../src/surfaces/http/build-server.js';
import { createTempHome, type TempHome } from './temp-home.js';

type Server = Awaited<ReturnType<typeof buildHttpServer>>;

export interface SetupWorld {
  home: TempHome;
  fake: FakeSocial;
  runtime: Runtime;
  server: Server;
  env: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered.
  api(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; json: any }>;
  close(): Promise<void>;
}

/** The env that points a home at the fake platform; `clientId: false` leaves the client id to the user. */
export function fakePlatformEnv(fake: FakeSocial, options: { clientId?: string | false } = {}) {
  const lines = fakeSocialConfig(fake.url, options.clientId || 'test-client').env;
  return Object.fromEntries(
    lines
      .filter((line) => options.clientId !== false || !line.startsWith('APP_SOCIAL_API__CLIENT_ID='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

export async function startSetupWorld(options: { clientId?: string | false } = {}): Promise<SetupWorld> {
  const fake = await startFakeSocial();
  const home = createTempHome();
  const env: Record<string, string> = {
    ...home.env,
    ...fakePlatformEnv(fake, options),
    APP_LOGGING__LEVEL: 'error',
  };
  const load = { env };
  const loaded = loadConfig(load);
  if (!loaded.config) throw new Error(`config does not load: ${JSON.stringify(loaded.issues)}`);
  const runtime = await startRuntime({
    load,
    loaded: { ...loaded, config: loaded.config },
    logTo: 'stderr',
    env,
    parts: [],
  });
  const token = ensureApiToken(runtime.app.deps.paths.apiTokenPath);
  const server = await buildHttpServer(runtime.app.deps, { apiToken: token });
  return {
    home,
    fake,
    runtime,
    server,
    env,
    async api(method, url, body) {
      const response = await server.inject({
        method,
        url,
        headers: { host: '127.0.0.1:3001', authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: response.statusCode, json: response.body ? response.json() : undefined };
    },
    async close() {
      await server.close();
      await runtime.stop('test done');
      await fake.close();
      home.cleanup();
    },
  };
}
