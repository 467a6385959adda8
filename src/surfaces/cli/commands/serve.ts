// `app serve`: the long-running service: the HTTP API and dashboard on the shared runtime (loops, live
// config). Stops cleanly on SIGINT/SIGTERM: the server drains its requests, the loops finish what they are
// writing, then storage closes.
import type { FastifyInstance } from 'fastify';
import { startRuntime } from '../../../app/runtime.js';
import { formatIssue } from '../../../core/domain/config-issue.js';
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
  let server: FastifyInstance | undefined;
  const runtime = await startRuntime({
    load: loaded.load,
    loaded,
    logger,
    env: ctx.io.env,
    ...(crashPoint ? { crashPoint } : {}),
    parts: [
      {
        name: 'http',
        async start(app) {
          server = await buildHttpServer(app.deps, { apiToken: ensureApiToken(app.deps.paths.apiTokenPath) });
          const address = await server.listen({ host: config.server.host, port: config.server.port });
          println(
            ctx.io.stdout,
            `app ${app.deps.version} listening on ${address} (data: ${app.deps.paths.dataDir})`,
          );
        },
        // In-flight requests finish; kept-alive sockets close.
        stop: async () => server?.close(),
      },
    ],
  });
  process.once('SIGINT', () => void runtime.stop('SIGINT'));
  process.once('SIGTERM', () => void runtime.stop('SIGTERM'));
}
