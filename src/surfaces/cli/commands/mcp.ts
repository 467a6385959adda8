// `app mcp serve|manifest`: the tool server over stdio (works with environment variables alone, no config
// file) and the manifest of a profile as JSON or a table. `app mcp setup` lives in mcp-setup.ts.
import { createApp } from '../../../app/create-app.js';
import { alwaysOnScheduler } from '../../../automation/always-on-scheduler.js';
import type { ToolProfile } from '../../../contracts/tools/tool-binding.js';
import { formatIssue } from '../../../infra/config/config-issue.js';
import { createLogger } from '../../../infra/logging/create-logger.js';
import { packageVersion } from '../../../infra/package-root.js';
import { buildToolServer } from '../../mcp/build-tool-server.js';
import { buildManifest, renderManifestJson, renderManifestTable } from '../../mcp/manifest.js';
import { type CommandContext, println } from '../cli-io.js';
import { ConfigInvalidError, loadForCommand } from '../load-for-command.js';
import { registryToolNames } from '../registry-tool-names.js';

export async function runMcpServe(ctx: CommandContext, options: { profile: ToolProfile }): Promise<void> {
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
  const { config } = loaded;
  // stdout carries the protocol: every log line goes to stderr.
  const logger = createLogger({ level: config.logging.level, destination: process.stderr });
  for (const issue of loaded.issues) logger.warn(formatIssue(issue));
  const app = createApp({ config, dataDir: loaded.paths.dataDir, logger, env: ctx.io.env });
  const server = buildToolServer(app.deps, { profile: options.profile });
  // The always-on loops post approved items and keep the login fresh even when `app serve` is not running;
  // posting jobs are claimed, so the two processes never publish the same one.
  const scheduler = alwaysOnScheduler(app.deps, logger);

  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const transport = new StdioServerTransport();
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ why }, 'tool server stopping');
    await scheduler.stop();
    await server.close().catch(() => undefined);
    await app.close();
  };
  server.onclose = () => void stop('client disconnected');
  process.stdin.once('end', () => void stop('stdin closed'));
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await server.connect(transport);
  scheduler.start();
  logger.info(
    { profile: options.profile, data: app.deps.paths.dataDir },
    `app ${app.deps.version} tool server ready on stdio`,
  );
}

export function runMcpManifest(
  ctx: CommandContext,
  options: { profile?: ToolProfile; format: 'json' | 'table' },
): void {
  const manifest = buildManifest(options.profile ?? 'write', packageVersion());
  ctx.io.stdout.write(
    options.format === 'table' ? renderManifestTable(manifest) : renderManifestJson(manifest),
  );
}
