// billing.post_prices: what a post costs before it is sent and what remains of the month's API budget, for
// the composer's cost line (HTTP only: agents see costs in get_social_usage).
import { EmptyInput } from '../../contracts/no-input.js';
import { PostPricesSchema } from '../../contracts/post-prices.js';
import { postPrices } from '../../core/services/budget/post-prices.js';
import { defineOperation } from '../define-operation.js';

export const postPricesOperation = defineOperation({
  name: 'billing.post_prices',
  summary:
    "What creating a post costs (plain, and with a link the platform links) at the configured `[api_prices]`, and this UTC month's API budget (`[limits] monthly_api_budget_usd`) with what remains of it.",
  input: EmptyInput,
  output: PostPricesSchema,
  mutation: false,
  http: { method: 'GET', path: '/api/billing/post-prices' },
  run: (deps) =>
    postPrices(
      deps.analytics,
      { prices: deps.config.api_prices, budgetUsd: deps.config.limits.monthly_api_budget_usd },
      deps.clock.now(),
    ),
});
