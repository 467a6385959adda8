// `app status`: asks the running `app serve` (at [server] host:port, with the API token) how its loops are
// doing — last and next run, outcome, failures in a row, why paused — and what the platform API cost this
// month with the forecast (the same figures as get_social_usage), as a table or JSON. Exit 1 when the
// service is not running or does not answer.
import { readApiToken } from '../../../app/local-data.js';
import type { PlatformBill, SocialUsage } from '../../../contracts/analytics.js';
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

const dollars = (n: number) => `$${n.toFixed(n > 0 && n < 1 ? 4 : 2)}`;

/** "Platform API 2026-11 (UTC): $1.2345 so far, forecast $2.5000 by the month's end (30 days)". */
export function billLine(bill: PlatformBill): string {
  return `Platform API ${bill.month} (UTC): ${dollars(bill.month_to_date_usd)} so far, forecast ${dollars(bill.forecast_usd)} by the month's end (day ${bill.days_elapsed} of ${bill.days_in_month})`;
}

/** The month's platform bill from the service's get_social_usage, or undefined if it did not answer. */
async function readBill(base: string, headers: Record<string, string>): Promise<PlatformBill | undefined> {
  try {
    const response = await fetch(`${base}/api/analytics/api-usage?month=true`, {
      headers,
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return undefined;
    return ((await response.json()) as SocialUsage).bill;
  } catch {
    return undefined;
  }
}

export async function runStatus(ctx: CommandContext, options: { format?: 'text' | 'json' }): Promise<void> {
  const { config, data } = loadForCommand(ctx);
  const host = config.server.host.includes(':') ? `[${config.server.host}]` : config.server.host;
  const base = `http://${host}:${config.server.port}`;
  const token = readApiToken(data);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let status: RuntimeStatus;
  try {
    const response = await fetch(`${base}/api/runtime/status`, {
      headers,
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new CliError(`${base} answered ${response.status}`, EXIT_FAILURE);
    status = (await response.json()) as RuntimeStatus;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`app serve is not running at ${base} (start it with \`app serve\`)`, EXIT_FAILURE);
  }
  const bill = await readBill(base, headers);
  if (options.format === 'json') {
    println(ctx.io.stdout, JSON.stringify(bill ? { ...status, platform_bill: bill } : status, null, 2));
    return;
  }
  const now = Date.now();
  println(
    ctx.io.stdout,
    `${status.mode}${status.approval_mode ? ' (approval mode)' : ''} · ${status.deployment_mode} · ${status.provider_backend} · ${status.can_post ? 'can post' : 'cannot post'}`,
  );
  println(ctx.io.stdout, bill ? billLine(bill) : 'Platform API this month: not available');
  for (const loop of status.loops) println(ctx.io.stdout, loopLine(loop, now));
}
