// What a post costs before it is sent (GET /api/billing/post-prices): the prices of creating a post, plain
// and with a link, from `[api_prices]`, and the month's API budget with what remains of it. The composer
// prices the text being written with postCost (src/core/domain/platform-prices.ts, the rule the bill uses).
import { z } from 'zod';

export const PostPricesSchema = z.object({
  post_create_usd: z.number().describe('A post created (`[api_prices] post_create`), US dollars.'),
  post_create_with_link_usd: z
    .number()
    .describe('A post whose text holds a URL the platform links (`[api_prices] post_create_with_link`).'),
  month: z.string().describe('The UTC month of the figures below, `YYYY-MM`.'),
  month_to_date_usd: z.number().describe('The platform bill of this UTC month so far.'),
  budget_usd: z
    .number()
    .nullable()
    .describe('`[limits] monthly_api_budget_usd`, or null when no budget is set.'),
  remaining_usd: z
    .number()
    .nullable()
    .describe('The budget minus the month so far (negative when over), or null without a budget.'),
});
export type PostPrices = z.infer<typeof PostPricesSchema>;
