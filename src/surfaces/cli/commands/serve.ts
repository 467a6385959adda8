// `app serve`: the long-running service. Stops cleanly on SIGINT/SIGTERM: the server drains its requests,
// the loops finish what they are writing, then storage closes.
import { createApp } from '../../../app/create-app.js';
import { alwaysOnScheduler } from '../../../automation/always-on-scheduler.js';
import { formatIssue } from '../../../infra/config/config-issue.js';
import { createLogger } from '../../../infra/logging/create-logger.js';
import { crashPointFrom } from '../../../infra/process/crash-points.js';
import { ensureApiToken } from '../../../infra/security/api-token.js';
import { buildHttpServer } from '../../http/build-server.js';
import { type CommandContext, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { registryToolNames } from '../registry-tool-names.js';

export async function runServe(
  ctx: CommandContext,
  options: { host?: string; port?: string },
): Promise<void> {
  const flags = [
    ...(options.host === undefined ? [] : [{ key: 'server.host', text: options.host, flag: '--host' }]),
    ...(options.port === undefined ? [] : [{ key: 'server.port', text: options.port, flag: '--port' }]),
  ];
  const loaded = loadForCommand(ctx, { flags, quiet: true, toolNames: registryToolNames() });
  const { config } = loaded;
  const logger = createLogger({ level: config.logging.level });
  for (const issue of loaded.issues) logger.warn(formatIssue(issue));
  if (!loaded.file.exists) {
    logger.warn(`no config file at ${loaded.paths.configPath}; running on defaults (see \`app init\`)`);
  }

  // A test instrument (the kill-9 matrix): unset, the publisher's crash points do nothing.
  const crashPoint = crashPointFrom(ctx.io.env.APP_CRASH_AT);
  if (crashPoint) logger.warn(`APP_CRASH_AT=${ctx.io.env.APP_CRASH_AT}: this process will kill itself there`);
  const app = createApp({ config, dataDir: loaded.paths.dataDir, logger, env: ctx.io.env, crashPoint });
  const server = await buildHttpServer(app.deps, { apiToken: ensureApiToken(app.deps.paths.apiTokenPath) });
  const scheduler = alwaysOnScheduler(app.deps, logger);
  const address = await server.listen({ host: config.server.host, port: config.server.port });
  println(ctx.io.stdout, `app ${app.deps.version} listening on ${address} (data: ${app.deps.paths.dataDir})`);
  scheduler.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking requests and let in-flight ones finish, then let running loops finish their writes.
    await server.close();
    await scheduler.stop();
    await app.close();
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
