// `app mcp serve|manifest`: the tool server over stdio or streamable HTTP (works with environment variables
// alone, no config file) and the manifest of a profile as JSON or a table. `app mcp setup` lives in mcp-setup.ts.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { appVersion } from '../../../app/installation.js';
import { ensureMcpToken } from '../../../app/mcp-token.js';
import { type Runtime, type RuntimePart, startRuntime } from '../../../app/runtime.js';
import type { App, AppDeps } from '../../../app/wiring/create-app.js';
import type { ToolProfile } from '../../../contracts/tools/tool-binding.js';
import { accountNames } from '../../../core/domain/account-settings.js';
import { buildToolServer } from '../../mcp/build-tool-server.js';
import type { HttpToolServer } from '../../mcp/http-server.js';
import { buildManifest, renderManifestJson, renderManifestTable } from '../../mcp/manifest.js';
import { CliError, type CommandContext, EXIT_USAGE, println } from '../cli-io.js';
import { ConfigInvalidError, loadForCommand } from '../load-for-command.js';
import { registryToolNames } from '../registry-tool-names.js';

export interface ServeOptions {
  /** Unset: stdio, or [mcp] http_profile over HTTP. */
  profile?: ToolProfile;
  transport?: 'stdio' | 'http';
  host?: string;
  port?: string;
  /** `compact`: three meta tools (find, describe, call) instead of the full list. */
  expose?: 'full' | 'compact';
  /** The account the tools act on (default: the default account). */
  account?: string;
}

/** The deps of the account the tool server serves: the named one, else the default. */
function servedAccount(app: App, account: string | undefined): AppDeps {
  return account === undefined ? app.deps : (app.deps.accounts.get(account) ?? app.deps);
}

export async function runMcpServe(ctx: CommandContext, options: ServeOptions): Promise<void> {
  let loaded: ReturnType<typeof loadForCommand>;
  try {
    loaded = loadForCommand(ctx, { quiet: true, toolNames: registryToolNames() });
  } catch (error) {
    if (error instanceof ConfigInvalidError) {
      println(
        ctx.io.stderr,
        'hint: run `app mcp setup`, or configure with environment variables only (e.g. APP_SOCIAL_API__CLIENT_ID)',
      );
    }
    throw error;
  }
  const accounts = accountNames(loaded.config);
  if (options.account !== undefined && !accounts.includes(options.account))
    throw new CliError(
      `--account: no account named '${options.account}'; the accounts are ${accounts.join(', ')}`,
      EXIT_USAGE,
    );
  // The always-on loops of the runtime post approved items and keep the login fresh even when `app serve`
  // is not running; posting jobs are claimed, so the two processes never publish the same one.
  let runtime: Runtime | undefined;
  const stop = (why: string) => void runtime?.stop(why);
  const part =
    options.transport === 'http' ? await httpPart(ctx, loaded, options) : await stdioPart(options, stop);
  runtime = await startRuntime({
    load: loaded.load,
    loaded,
    // stdout carries the protocol (stdio) or the endpoint line (HTTP): every log line goes to stderr.
    logTo: 'stderr',
    env: ctx.io.env,
    parts: [part],
  });
  if (options.transport !== 'http') process.stdin.once('end', () => stop('stdin closed'));
  runtime.stopOnSignals();
}

/** The stdio transport: the client that spawned this process speaks on stdin/stdout. */
async function stdioPart(options: ServeOptions, stop: (why: string) => void): Promise<RuntimePart> {
  const profile = options.profile ?? 'write';
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  let server: Server | undefined;
  return {
    name: 'stdio',
    async start(app) {
      const deps = servedAccount(app, options.account);
      server = buildToolServer(deps, { profile, expose: options.expose });
      server.onclose = () => stop('client disconnected');
      await server.connect(new StdioServerTransport());
      app.deps.logger.info(
        { profile, account: deps.accountName, data: app.deps.paths.dataDir },
        `app ${app.deps.version} tool server ready on stdio`,
      );
    },
    stop: async () => server?.close().catch(() => undefined),
  };
}

/** The HTTP transport: the endpoint on its own port. */
async function httpPart(
  ctx: CommandContext,
  loaded: ReturnType<typeof loadForCommand>,
  options: ServeOptions,
): Promise<RuntimePart> {
  const port = options.port === undefined ? loaded.config.mcp.http_port : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliError(`--port must be a port number (0-65535), not ${options.port}`, EXIT_USAGE);
  }
  const host = options.host ?? '127.0.0.1';
  const profile = options.profile ?? loaded.config.mcp.http_profile;
  let server: HttpToolServer | undefined;
  return {
    name: 'mcp-http',
    async start(app) {
      const token = ensureMcpToken(app.deps.paths);
      // Loaded only for HTTP: the stdio server's cold start does not pay for the HTTP transport.
      const { startHttpToolServer } = await import('../../mcp/http-server.js');
      const deps = servedAccount(app, options.account);
      server = await startHttpToolServer(deps, { profile, expose: options.expose, token, host, port });
      app.deps.logger.info(
        {
          profile,
          account: deps.accountName,
          data: app.deps.paths.dataDir,
          token_file: app.deps.paths.mcpTokenPath,
        },
        `app ${app.deps.version} tool server ready on ${server.url}`,
      );
      // The first line of stdout names the endpoint (scripts and `app mcp doctor` wait for it).
      println(ctx.io.stdout, `tool server (profile ${profile}) listening on ${server.url}`);
    },
    stop: async () => server?.close(),
  };
}

export function runMcpManifest(
  ctx: CommandContext,
  options: { profile?: ToolProfile; format: 'json' | 'table' },
): void {
  const manifest = buildManifest(options.profile ?? 'write', appVersion());
  ctx.io.stdout.write(
    options.format === 'table' ? renderManifestTable(manifest) : renderManifestJson(manifest),
  );
}
