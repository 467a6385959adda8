// get_action_counts: how much the account did in a period: action log entries by type and outcome, posts
// by kind, and policy-gated tool mutations by tool and outcome.
import type { ActionCounts, ActionPeriod } from '../../../contracts/analytics.js';
import { startOfLocalDay } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

const PERIOD_HOURS: Record<Exclude<ActionPeriod, 'today' | 'all'>, number> = {
  day: 24,
  week: 7 * 24,
  month: 30 * 24,
};

export interface ActionCountsRequest {
  period: ActionPeriod;
  /** Overrides the period with the last N hours. */
  sinceHours?: number;
  /** Where "today" begins. */
  timezone: string;
}

function periodStart(now: Date, request: ActionCountsRequest): { label: string; since: Date | undefined } {
  if (request.sinceHours !== undefined) {
    return {
      label: `${request.sinceHours}h`,
      since: new Date(now.getTime() - request.sinceHours * 3_600_000),
    };
  }
  if (request.period === 'all') return { label: 'all', since: undefined };
  if (request.period === 'today')
    return { label: 'today', since: startOfLocalDay(now, request.timezone).start };
  return { label: request.period, since: new Date(now.getTime() - PERIOD_HOURS[request.period] * 3_600_000) };
}

/** Counts for `today` (local calendar day), the last `day`/`week`/`month` (24 h, 7 d, 30 d) or `all` time. */
export async function countActions(
  deps: Pick<AnalyticsStores, 'activity' | 'audit' | 'clock'>,
  request: ActionCountsRequest,
): Promise<ActionCounts> {
  const now = deps.clock.now();
  const { label, since } = periodStart(now, request);
  const [actions, posts, mutations] = await Promise.all([
    deps.activity.actionCounts(since),
    deps.activity.postCounts(since),
    deps.audit.countsByTool(since),
  ]);
  return {
    period: label,
    since: since?.toISOString() ?? null,
    until: now.toISOString(),
    actions,
    actions_total: actions.reduce((total, row) => total + row.count, 0),
    posts,
    tool_mutations: mutations,
  };
}
