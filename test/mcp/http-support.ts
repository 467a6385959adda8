// The tool server over real HTTP for tests: the app harness with `app mcp serve --transport http`'s server
// on a free port, and SDK clients (StreamableHTTPClientTransport) that send the bearer token.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ConfigInput } from '../../src/contracts/config/config.js';
import type { Envelope } from '../../src/contracts/tools/envelope.js';
import type { ToolProfile } from '../../src/contracts/tools/tool-binding.js';
import { DEFAULT_USER_ID } from '../../src/infra/sandbox/social/index.js';
import { ensureApiToken } from '../../src/infra/security/api-token.js';
import { type HttpToolServer, startHttpToolServer } from '../../src/surfaces/mcp/http-server.js';
import { type AppHarness, startAppHarness } from '../support/app-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

/** Likes execute at once instead of waiting for approval. */
export const EXECUTE_LIKES: ConfigInput = { mcp_policy: { require_approval_for: [] } };

export interface HttpToolClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever data the tool answered.
  call(name: string, args?: Record<string, unknown>): Promise<Envelope & { data: any; isError: boolean }>;
  close(): Promise<void>;
}

export async function connectHttp(url: string, token: string): Promise<HttpToolClient> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    transport,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as Array<{ type: string; text: string }>;
      const envelope = JSON.parse(content[0]?.text ?? 'null') as Envelope;
      return { ...envelope, data: envelope.data, isError: result.isError === true };
    },
    close: () => client.close(),
  };
}

export interface HttpWorld {
  base: AppHarness;
  server: HttpToolServer;
  token: string;
  close(): Promise<void>;
}

export async function startHttpWorld(
  options: { config?: ConfigInput; profile?: ToolProfile } = {},
): Promise<HttpWorld> {
  const base = await startAppHarness({
    tier: 'enterprise',
    ...(options.config ? { config: options.config } : {}),
  });
  const token = ensureApiToken(base.app.deps.paths.mcpTokenPath);
  const server = await startHttpToolServer(base.app.deps, {
    profile: options.profile ?? 'write',
    token,
    host: '127.0.0.1',
    port: 0,
  });
  return {
    base,
    server,
    token,
    async close() {
      await server.close();
      await base.close();
    },
  };
}

export function otherPosts(base: AppHarness, count: number): string[] {
  return [...base.fake.state.tweets.values()]
    .filter((t) => t.authorId !== DEFAULT_USER_ID)
    .slice(0, count)
    .map((t) => t.id);
}

export interface AuditRow {
  tool_name: string;
  face: string;
  actor: string;
  status: string;
  policy_decision: string | null;
}

export function auditRows(base: AppHarness): AuditRow[] {
  return sqliteOf(base.app.deps.database)
    .sqlite.prepare('select tool_name, face, actor, status, policy_decision from mutation_audit order by id')
    .all() as AuditRow[];
}

export const likeRequests = (base: AppHarness) =>
  base.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/likes'));
