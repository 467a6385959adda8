// `app serve`: the long-running service: the HTTP API and dashboard on the shared runtime (loops, live
// config). Stops cleanly on SIGINT/SIGTERM: the server drains its requests, the loops finish what they are
// writing, then storage closes.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_WORKER_CONCURRENCY, sourcesPart, startRuntime } from '../../../app/runtime.js';
import { AppError } from '../../../core/errors.js';
import { buildHttpServer } from '../../http/build-server.js';
import { type CommandContext, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { registryToolNames } from '../registry-tool-names.js';

/** The address it listens on; a host or port it cannot have is a config problem naming its key (exit 2). */
async function listenOn(server: FastifyInstance, host: string, port: number): Promise<string> {
  try {
    return await server.listen({ host, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const key = code === 'EADDRINUSE' ? 'server.port' : 'server.host';
    if (!['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) throw error;
    throw new AppError(
      'validation_error',
      `${key}: cannot listen on ${host}:${port} (${code}${code === 'EADDRINUSE' ? ': another process has that port' : ''}); change ${key}`,
    );
  }
}

export async function runServe(
  ctx: CommandContext,
  options: { host?: string; port?: string; loops?: boolean; workers?: boolean },
): Promise<void> {
  const flags = [
    ...(options.host === undefined ? [] : [{ key: 'server.host', text: options.host, flag: '--host' }]),
    ...(options.port === undefined ? [] : [{ key: 'server.port', text: options.port, flag: '--port' }]),
  ];
  const loaded = loadForCommand(ctx, { flags, quiet: true, toolNames: registryToolNames() });
  const { config } = loaded;
  let server: FastifyInstance | undefined;
  const runtime = await startRuntime({
    load: loaded.load,
    loaded,
    logTo: 'stdout',
    env: ctx.io.env,
    // A test instrument (the kill-9 matrix): with APP_CRASH_AT unset, the crash points do nothing.
    crashPoints: true,
    // This process owns the service's loops (never the tool server as well), unless told not to run them.
    autopilot: options.loops !== false,
    // It takes background work unless --no-workers: --no-loops only drops the autonomous loops, so on Postgres
    // its job engine still takes the posting queue's turns (said outright: a runtime told neither, like the
    // tool server's, only plans turns there).
    work: options.workers === false ? false : { concurrency: DEFAULT_WORKER_CONCURRENCY },
    parts: [
      {
        name: 'http',
        async start(app) {
          if (!loaded.file.exists) {
            app.deps.logger.warn(
              `no config file at ${loaded.paths.configPath}; running on defaults (see \`app init\`)`,
            );
          }
          server = await buildHttpServer(app.deps);
          const address = await listenOn(server, config.server.host, config.server.port);
          println(
            ctx.io.stdout,
            `app ${app.deps.version} listening on ${address} (data: ${app.deps.paths.dataDir})`,
          );
        },
        // In-flight requests finish; kept-alive sockets close.
        stop: async () => server?.close(),
      },
      sourcesPart(),
    ],
  });
  runtime.stopOnSignals();
}
