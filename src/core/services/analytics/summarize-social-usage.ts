// get_social_usage: platform API calls per endpoint and per day, and LLM tokens and cost per model and per
// day, over a window: what the automation is spending. Beside the window, the platform's bill of the current
// UTC month (per day, by endpoint, by loop or face, with the forecast to the month's end): the one source of
// the figures the tool, GET /api/analytics/api-usage, the Analytics page and `app status` show.
import type { SocialUsage } from '../../../contracts/analytics.js';
import { monthBill, utcMonth } from '../../domain/platform-bill.js';
import { describeWindow, type TimeWindow } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);
const usd = (value: number) => Math.round(value * 1e6) / 1e6;

export async function summarizeSocialUsage(
  deps: Pick<AnalyticsStores, 'usage'>,
  window: TimeWindow,
  /** Now: which UTC month the bill covers (default the window's end). */
  now: Date = window.until,
): Promise<SocialUsage> {
  const month = utcMonth(now);
  const [endpoints, apiDaily, models, llmDaily, spend] = await Promise.all([
    deps.usage.apiByEndpoint(window.since),
    deps.usage.apiByDay(window.since),
    deps.usage.llmByModel(window.since),
    deps.usage.llmByDay(window.since),
    deps.usage.apiSpend(month.start, month.end),
  ]);
  return {
    window: describeWindow(window),
    bill: {
      ...monthBill(now, spend.daily),
      by_endpoint: spend.endpoints,
      by_actor: spend.actors.map((row) => ({ ...row, actor: row.actor ?? 'other' })),
    },
    api: {
      total_calls: sum(endpoints, (r) => r.calls),
      errors: sum(endpoints, (r) => r.errors),
      cost_usd: usd(sum(endpoints, (r) => r.cost_usd)),
      endpoints,
      daily: apiDaily,
    },
    llm: {
      total_calls: sum(models, (r) => r.calls),
      failures: sum(models, (r) => r.failures),
      input_tokens: sum(models, (r) => r.input_tokens),
      output_tokens: sum(models, (r) => r.output_tokens),
      cost_usd: usd(sum(models, (r) => r.cost_usd)),
      models,
      daily: llmDaily,
    },
  };
}
