// `app status`: asks the running `app serve` (at [server] host:port, with the API token) how its loops are
// doing — last and next run, outcome, failures in a row, why paused — as a table or JSON. Exit 1 when the
// service is not running or does not answer.
import { readApiToken } from '../../../app/local-data.js';
import type { LoopStatus, RuntimeStatus } from '../../../contracts/runtime-status.js';
import { CliError, type CommandContext, EXIT_FAILURE, println } from '../cli-io.js';
import { loadForCommand } from '../load-for-command.js';

const ago = (iso: string | null, now: number) => {
  if (!iso) return '—';
  const s = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(s);
  const text = abs < 90 ? `${abs}s` : abs < 5400 ? `${Math.round(abs / 60)}m` : `${Math.round(abs / 3600)}h`;
  return s <= 0 ? `${text} ago` : `in ${text}`;
};

function loopLine(loop: LoopStatus, now: number): string {
  const state = loop.paused
    ? `paused (${loop.paused.replace('_', ' ')}${loop.paused_reason ? `: ${loop.paused_reason}` : ''}${loop.paused_until ? ` until ${loop.paused_until}` : ''})`
    : (loop.last_outcome ?? 'not run yet');
  const detail =
    loop.last_outcome === 'error'
      ? `${loop.consecutive_errors} failure(s) in a row: ${loop.last_error}`
      : (loop.last_summary ?? '');
  return [
    loop.name.padEnd(16),
    `last ${ago(loop.last_run_at, now)}`.padEnd(14),
    `next ${ago(loop.next_run_at, now)}`.padEnd(14),
    state.padEnd(12),
    detail,
  ]
    .join(' ')
    .trimEnd();
}

export async function runStatus(ctx: CommandContext, options: { format?: 'text' | 'json' }): Promise<void> {
  const { config, data } = loadForCommand(ctx);
  const host = config.server.host.includes(':') ? `[${config.server.host}]` : config.server.host;
  const base = `http://${host}:${config.server.port}`;
  const token = readApiToken(data);
  let status: RuntimeStatus;
  try {
    const response = await fetch(`${base}/api/runtime/status`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new CliError(`${base} answered ${response.status}`, EXIT_FAILURE);
    status = (await response.json()) as RuntimeStatus;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`app serve is not running at ${base} (start it with \`app serve\`)`, EXIT_FAILURE);
  }
  if (options.format === 'json') {
    println(ctx.io.stdout, JSON.stringify(status, null, 2));
    return;
  }
  const now = Date.now();
  println(
    ctx.io.stdout,
    `${status.mode}${status.approval_mode ? ' (approval mode)' : ''} · ${status.deployment_mode} · ${status.provider_backend} · ${status.can_post ? 'can post' : 'cannot post'}`,
  );
  for (const loop of status.loops) println(ctx.io.stdout, loopLine(loop, now));
}
