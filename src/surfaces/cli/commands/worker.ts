// `app worker`: the background work without the HTTP server. On Postgres it runs the job engine, taking
// turns of every account's loops (at most --concurrency at once) beside any other workers and `app serve`
// processes of the same database; on SQLite it runs the loops in this process, as `app serve` would.
// SIGTERM or SIGINT drains it: the turns it took finish, their next turns stay planned for the others.
import { DEFAULT_WORKER_CONCURRENCY, startRuntime } from '../../../app/runtime.js';
import { AppError } from '../../../core/errors.js';
import { type CommandContext, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';
import { registryToolNames } from '../registry-tool-names.js';

/** --concurrency: a whole number of turns at once, 1 to 64 (exit 2 naming the flag otherwise). */
function concurrencyOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_WORKER_CONCURRENCY;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(value) || value < 1 || value > 64)
    throw new AppError('validation_error', `--concurrency: '${text}' is not a whole number from 1 to 64`);
  return value;
}

export async function runWorker(ctx: CommandContext, options: { concurrency?: string }): Promise<void> {
  const concurrency = concurrencyOf(options.concurrency);
  const loaded = loadForCommand(ctx, { quiet: true, toolNames: registryToolNames() });
  const runtime = await startRuntime({
    load: loaded.load,
    loaded,
    logTo: 'stdout',
    env: ctx.io.env,
    crashPoints: true,
    autopilot: true,
    work: { concurrency },
    parts: [],
  });
  const { store } = runtime.app;
  println(
    ctx.io.stdout,
    store.dialect === 'postgres'
      ? `app ${runtime.app.deps.version} worker on ${store.label}: up to ${concurrency} turns at once`
      : `app ${runtime.app.deps.version} worker on ${store.path}: the loops run in this process (--concurrency applies on Postgres)`,
  );
  runtime.stopOnSignals();
}
