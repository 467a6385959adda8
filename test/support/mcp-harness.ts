// The tool server in-process: a temp data dir, real SQLite, the fake platform with a stored login, and an
// MCP client linked to the server of one profile through the SDK's in-memory transport pair.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type App, createApp } from '../../src/app/create-app.js';
import { type ConfigInput, ConfigSchema } from '../../src/contracts/config/config.js';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import type { ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { runPostingQueue } from '../../src/core/gateway/publish-job.js';
import { createLogger } from '../../src/infra/logging/create-logger.js';
import { buildToolServer } from '../../src/surfaces/mcp/build-tool-server.js';
import {
  createFakeClock,
  type FakeSocial,
  type SettableClock,
  startFakeSocial,
} from '../fakes/social/index.js';
import { storeFakeLogin } from './fake-login.js';
import { createTempHome, type TempHome } from './temp-home.js';

export interface McpHarness {
  home: TempHome;
  fake: FakeSocial;
  clock: SettableClock;
  app: App;
  client: Client;
  /** Calls a tool and parses its envelope. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever data the tool answered.
  call(name: string, args?: Record<string, unknown>): Promise<Envelope & { data: any; isError: boolean }>;
  /** One pass of the posting queue. */
  postNow(): Promise<unknown>;
  close(): Promise<void>;
}

export interface McpHarnessOptions {
  profile?: ToolProfile;
  config?: ConfigInput;
  /** Store a platform login (default true). */
  login?: boolean;
  scopes?: string[];
  tier?: 'basic' | 'pro' | 'enterprise';
}

export async function startMcpHarness(options: McpHarnessOptions = {}): Promise<McpHarness> {
  const clock = createFakeClock({ frozen: true, start: Date.parse('2026-11-22T12:00:00.000Z') });
  const fake = await startFakeSocial({ clock, tier: options.tier ?? 'enterprise' });
  const home = createTempHome();
  const config = options.config ?? {};
  const parsed = ConfigSchema.parse({
    ...config,
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
    storeFakeLogin(fake, `${home.dir}/tokens.json`, options.scopes ? { scopes: options.scopes } : {});
  }
  const app = createApp({
    config: parsed,
    dataDir: home.dir,
    logger: createLogger({ level: 'silent' }),
    clock: { now: () => new Date(clock.now()) },
    env: home.env,
    sleep: async () => {},
    random: () => 0,
  });
  const server = buildToolServer(app.deps, { profile: options.profile ?? 'write' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    home,
    fake,
    clock,
    app,
    client,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as Array<{ type: string; text: string }>;
      const envelope = JSON.parse(content[0]?.text ?? 'null') as Envelope;
      return { ...envelope, data: envelope.data, isError: result.isError === true };
    },
    postNow: () => runPostingQueue(app.deps.publisher),
    async close() {
      await client.close();
      await server.close();
      await app.close();
      await fake.close();
      home.cleanup();
    },
  };
}
