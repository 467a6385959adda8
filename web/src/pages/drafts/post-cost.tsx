// What sending the post being written costs on the platform's bill, under its counter: "Cost to post:
// $0.015", or "Cost to post: contains a link: $0.20" when the platform would link a URL in it (a thread sums its
// cards). The prices and the budget come from the server (GET /api/billing/post-prices, `[api_prices]`); the
// rule is postCost of src/core/domain/platform-prices.ts, the one the bill uses. With a monthly API budget it
// says when the post costs more than what remains; it never stops the post.
import { useQuery } from '@tanstack/react-query';
import { postCost } from '../../../../src/core/domain/platform-prices.js';
import { api } from '../../api.js';

/** $0.20, $0.015, $0.0125: at least cents, then as many digits as the price has. */
export function formatUsd(usd: number): string {
  const cents = Math.round(usd * 100) / 100;
  if (Math.abs(cents - usd) < 1e-9) return `$${usd.toFixed(2)}`;
  return `$${Number(usd.toFixed(6))}`;
}

export function PostCost({ texts }: { texts: readonly string[] }) {
  const prices = useQuery({
    queryKey: ['billing', 'post-prices'],
    queryFn: () => api.billing.postPrices(),
    staleTime: 60_000,
  });
  const written = texts.filter((text) => text.trim() !== '');
  if (!prices.data || written.length === 0) return null;
  const p = prices.data;
  const cost = postCost(written, {
    post_create: p.post_create_usd,
    post_create_with_link: p.post_create_with_link_usd,
  });
  const link =
    cost.withLink === 0
      ? ''
      : cost.posts === 1
        ? 'contains a link: '
        : `${cost.withLink} of ${cost.posts} posts contain a link (${formatUsd(cost.linkUsd)} each): `;
  const over = p.remaining_usd !== null && p.budget_usd !== null && cost.usd > p.remaining_usd;
  return (
    <>
      <p className="counter" data-testid="post-cost">
        Cost to post: {link}
        {formatUsd(cost.usd)}
      </p>
      {over ? (
        <p role="status" className="sync-offline">
          This costs more than what remains of this month’s API budget (
          {formatUsd(Math.max(0, p.remaining_usd ?? 0))} of {formatUsd(p.budget_usd ?? 0)} left); it is sent
          anyway.
        </p>
      ) : null}
    </>
  );
}
