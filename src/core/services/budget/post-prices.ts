// The composer's price list: what creating a post costs (plain, with a link) at the configured prices, and
// the month's API budget with what remains of it after this UTC month's bill so far. The user's posts are
// never blocked by the budget: the dashboard only says when one costs more than what remains.
import type { ApiPrices } from '../../../contracts/config/api-prices.js';
import type { PostPrices } from '../../../contracts/post-prices.js';
import { utcMonth } from '../../domain/platform-bill.js';
import { roundUsd } from '../../domain/platform-prices.js';
import type { AnalyticsStores } from '../../ports/analytics-stores.js';

export async function postPrices(
  deps: Pick<AnalyticsStores, 'usage'>,
  settings: { prices: Readonly<ApiPrices>; budgetUsd: number | undefined },
  now: Date,
): Promise<PostPrices> {
  const month = utcMonth(now);
  const spend = await deps.usage.apiSpend(month.start, month.end);
  const monthToDate = roundUsd(spend.daily.reduce((sum, day) => sum + day.cost_usd, 0));
  const budget = settings.budgetUsd ?? null;
  return {
    post_create_usd: settings.prices.post_create,
    post_create_with_link_usd: settings.prices.post_create_with_link,
    month: month.start.toISOString().slice(0, 7),
    month_to_date_usd: monthToDate,
    budget_usd: budget,
    remaining_usd: budget === null ? null : roundUsd(budget - monthToDate),
  };
}
