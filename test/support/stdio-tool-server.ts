// The real `app mcp serve` as an agent host runs it: the built binary over stdio, configured by
// environment variables only (no config file), against the fake platform with a stored login.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import type { ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import type { FakeSocial } from '../../src/infra/sandbox/social/index.js';

export const APP_BIN = new URL('../../bin/app.js', import.meta.url).pathname;

export interface StdioToolServer {
  client: Client;
  /** Calls a tool and parses its envelope. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever data the tool answered.
  call(name: string, args?: Record<string, unknown>): Promise<Envelope & { data: any }>;
  stderr(): string;
  close(): Promise<void>;
}

/** The environment that points every platform host at the fake; `extra` adds or overrides settings. */
export function fakePlatformEnv(fake: FakeSocial, home: string, extra: Record<string, string> = {}) {
  return {
    PATH: process.env.PATH ?? '',
    APP_HOME: home,
    APP_SOCIAL_API__CLIENT_ID: 'test-client',
    APP_SOCIAL_API__API_BASE_URL: fake.url,
    APP_SOCIAL_API__UPLOAD_BASE_URL: fake.url,
    APP_SOCIAL_API__LEGACY_UPLOAD_BASE_URL: fake.url,
    APP_SOCIAL_API__ADS_BASE_URL: fake.url,
    APP_SOCIAL_API__TOKEN_URL: `${fake.url}/2/oauth2/token`,
    APP_LOGGING__LEVEL: 'warn',
    // These servers run on the real clock: active hours (which bind agents) always open, so a run at any
    // hour behaves the same.
    APP_SCHEDULE__ACTIVE_HOURS_START: '0',
    APP_SCHEDULE__ACTIVE_HOURS_END: '0',
    // Nor is an agent's write paced here (test/publishing/pacing*.test.ts are about that): calls one after
    // another would wait for their turns.
    APP_LIMITS__MIN_ACTION_DELAY_SECONDS: '0',
    APP_LIMITS__MAX_ACTION_DELAY_SECONDS: '0',
    ...extra,
  };
}

export async function startStdioToolServer(
  env: Record<string, string>,
  profile: ToolProfile = 'write',
  /** More arguments of `app mcp serve` (`--account work`). */
  args: string[] = [],
): Promise<StdioToolServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [APP_BIN, 'mcp', 'serve', '--profile', profile, ...args],
    env,
    stderr: 'pipe',
  });
  let errors = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`tool server did not start: ${(error as Error).message}\n${errors}`);
  }
  return {
    client,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as Array<{ type: string; text: string }>;
      return JSON.parse(content[0]?.text ?? 'null');
    },
    stderr: () => errors,
    close: () => client.close(),
  };
}
