// `app mcp serve|manifest`: the tool server over stdio (works with environment variables alone, no config
// file) and the manifest of a profile as JSON or a table. `app mcp setup` lives in mcp-setup.ts.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { appVersion } from '../../../app/installation.js';
import { startRuntime } from '../../../app/runtime.js';
import type { ToolProfile } from '../../../contracts/tools/tool-binding.js';
import { buildToolServer } from '../../mcp/build-tool-server.js';
import { buildManifest, renderManifestJson, renderManifestTable } from '../../mcp/manifest.js';
import { type CommandContext, println } from '../cli-io.js';
import { ConfigInvalidError, loadForCommand } from '../load-for-command.js';
import { registryToolNames } from '../registry-tool-names.js';

export async function runMcpServe(
  ctx: CommandContext,
  options: { profile: ToolProfile; expose?: 'full' | 'compact' },
): Promise<void> {
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
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  let server: Server | undefined;
  // The always-on loops of the runtime post approved items and keep the login fresh even when `app serve`
  // is not running; posting jobs are claimed, so the two processes never publish the same one.
  const runtime = await startRuntime({
    load: loaded.load,
    loaded,
    // stdout carries the protocol: every log line goes to stderr.
    logTo: 'stderr',
    env: ctx.io.env,
    parts: [
      {
        name: 'stdio',
        async start(app) {
          server = buildToolServer(app.deps, { profile: options.profile, expose: options.expose });
          server.onclose = () => void runtime.stop('client disconnected');
          await server.connect(new StdioServerTransport());
          app.deps.logger.info(
            { profile: options.profile, data: app.deps.paths.dataDir },
            `app ${app.deps.version} tool server ready on stdio`,
          );
        },
        stop: async () => server?.close().catch(() => undefined),
      },
    ],
  });
  process.stdin.once('end', () => void runtime.stop('stdin closed'));
  process.once('SIGINT', () => void runtime.stop('SIGINT'));
  process.once('SIGTERM', () => void runtime.stop('SIGTERM'));
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
