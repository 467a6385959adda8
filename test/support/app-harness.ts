// The service in-process, before any face: a temp data dir, real SQLite, the fake platform (all four hosts)
// with a stored login and a frozen fake clock. The HTTP and tool-server harnesses put their face on it;
// `connectTools` links a tool-server client to any app, so one app can be driven through both faces.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type App, createApp } from '../../src/app/wiring/create-app.js';
import type { SimulatedTime } from '../../src/automation/simulated-time.js';
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import type { ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { runPostingQueue } from '../../src/core/gateway/publish-job.js';
import { createSettingsStore } from '../../src/infra/config/settings-store.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import {
  createFakeClock,
  type FakeSocial,
  type SettableClock,
  startFakeSocial,
} from '../../src/infra/sandbox/social/index.js';
import { storeFakeLogin } from '../../src/infra/sandbox/store-fake-login.js';
import { buildToolServer } from '../../src/surfaces/mcp/build-tool-server.js';
import { createTempHome, type TempHome } from './temp-home.js';

export interface AppHarnessOptions {
  config?: ConfigInput;
  /** Store a platform login (default true), with these scopes and this lifetime. */
  login?: boolean;
  scopes?: string[];
  loginSeconds?: number;
  tier?: 'basic' | 'pro' | 'enterprise';
  /** Where the fake clock starts (default 2026-11-22T12:00:00Z). */
  start?: string;
  /** Reuse this data dir (a "restart" of the service); it is left in place on close. */
  home?: TempHome;
  /**
   * Run on simulated time (src/automation/simulated-time.ts): the app's clock and its loops' timers are
   * these, so a test advances hours of the loops in moments. The loops are the always-on ones, not started.
   */
  time?: SimulatedTime;
}

export interface AppHarness {
  home: TempHome;
  fake: FakeSocial;
  clock: SettableClock;
  app: App;
  /** One pass of the posting queue. */
  postNow(): ReturnType<typeof runPostingQueue>;
  close(): Promise<void>;
}

export async function startAppHarness(options: AppHarnessOptions = {}): Promise<AppHarness> {
  const clock = createFakeClock({
    frozen: true,
    start: Date.parse(options.start ?? '2026-11-22T12:00:00.000Z'),
  });
  const fake = await startFakeSocial({ clock, ...(options.tier ? { tier: options.tier } : {}) });
  const home = options.home ?? createTempHome();
  const config = options.config ?? {};
  const parsed = ConfigSchema.parse({
    ...config,
    // The clock stands still here, so account-wide pacing would hold every second autonomous write for the
    // whole test: it is off unless a test sets the gap (test/publishing/pacing.test.ts does).
    limits: { min_action_delay_seconds: 0, max_action_delay_seconds: 0, ...config.limits },
    social_api: {
      client_id: 'test-client',
      api_base_url: fake.url,
      upload_base_url: fake.url,
      legacy_upload_base_url: fake.url,
      ads_base_url: fake.url,
      token_url: `${fake.url}/2/oauth2/token`,
      request_timeout_seconds: 5,
      ...config.social_api,
    },
  });
  if (options.login !== false) {
    storeFakeLogin(fake, `${home.dir}/tokens.json`, {
      ...(options.scopes ? { scopes: options.scopes } : {}),
      ...(options.loginSeconds ? { expiresInSeconds: options.loginSeconds } : {}),
    });
  }
  const app = await createApp({
    config: parsed,
    dataDir: home.dir,
    logger: createLogger({ level: 'silent' }),
    clock: options.time ?? { now: () => new Date(clock.now()) },
    ...(options.time ? { loops: { autopilot: false, setTimer: options.time.setTimer } } : {}),
    env: home.env,
    sleep: async () => {},
    random: () => 0,
    // The settings API reads and writes <home>/config.toml under the harness env (no file: all defaults).
    settings: createSettingsStore({ env: home.env }),
  });
  return {
    home,
    fake,
    clock,
    app,
    postNow: () => runPostingQueue(app.deps.publisher),
    async close() {
      await app.close();
      await fake.close();
      if (!options.home) home.cleanup();
    },
  };
}

export interface ToolClient {
  client: Client;
  /** Calls a tool and parses its envelope. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever data the tool answered.
  call(name: string, args?: Record<string, unknown>): Promise<Envelope & { data: any; isError: boolean }>;
  close(): Promise<void>;
}

/** A tool server of `profile` over `app`, linked to a client through the SDK's in-memory transport pair. */
export async function connectTools(
  app: App,
  profile: ToolProfile = 'write',
  expose: 'full' | 'compact' = 'full',
): Promise<ToolClient> {
  const server = buildToolServer(app.deps, { profile, expose });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as Array<{ type: string; text: string }>;
      const envelope = JSON.parse(content[0]?.text ?? 'null') as Envelope;
      return { ...envelope, data: envelope.data, isError: result.isError === true };
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}
