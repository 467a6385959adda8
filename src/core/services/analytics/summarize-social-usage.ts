// get_social_usage: platform API calls per endpoint and per day, and LLM tokens and cost per model and per
// day, over a window: what the automation is spending.
import type { SocialUsage } from '../../../contracts/analytics.js';
import { describeWindow, type TimeWindow } from '../../domain/time-windows.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

const sum = <T>(rows: readonly T[], pick: (row: T) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);
const usd = (value: number) => Math.round(value * 1e6) / 1e6;

export async function summarizeSocialUsage(
  deps: Pick<AnalyticsStores, 'usage'>,
  window: TimeWindow,
): Promise<SocialUsage> {
  const [endpoints, apiDaily, models, llmDaily] = await Promise.all([
    deps.usage.apiByEndpoint(window.since),
    deps.usage.apiByDay(window.since),
    deps.usage.llmByModel(window.since),
    deps.usage.llmByDay(window.since),
  ]);
  return {
    window: describeWindow(window),
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
