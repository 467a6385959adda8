// Draft Studio says what the post being written costs before it is sent, by the same rule the bill uses
// (postCost, GET /api/billing/post-prices): the plain post price, or the link price when the platform would
// link a URL in the text. Under a monthly API budget of $0.10 a post with a link ($0.20) costs more than what
// remains: the composer says so and still lets it go.
import { describe, expect, it } from 'vitest';
import { call, newDraft, startStudio } from './support/studio.js';

const studio = startStudio({ config: ['[limits]', 'monthly_api_budget_usd = 0.1'] });

describe('Draft Studio: the cost of the post being written', () => {
  it('shows the plain price, "contains a link: $0.20" with a URL, and says when it is more than the budget left', async () => {
    const prices = await (await call(studio, 'GET', '/api/billing/post-prices')).json();
    expect(prices).toMatchObject({
      post_create_usd: 0.015,
      post_create_with_link_usd: 0.2,
      budget_usd: 0.1,
      remaining_usd: 0.1,
    });
    const page = studio.page;
    await newDraft(page);
    const editor = page.getByRole('textbox', { name: 'Post text' });
    const cost = page.getByTestId('post-cost');
    const overBudget = page.getByRole('status').filter({ hasText: 'API budget' });

    await editor.fill('Ship small, write it down.');
    await expect.poll(() => cost.textContent()).toBe('Cost to post: $0.015');
    expect(await overBudget.count()).toBe(0);

    await editor.fill('Ship small, write it down: https://example.com/notes');
    await expect.poll(() => cost.textContent()).toBe('Cost to post: contains a link: $0.20');
    await overBudget.waitFor();
    expect(await overBudget.textContent()).toBe(
      'This costs more than what remains of this month’s API budget ($0.10 of $0.10 left); it is sent anyway.',
    );

    // A bare domain is linked by the platform too (the weighted-length rule); plain text again costs the plain price.
    await editor.fill('Notes at example.com');
    await expect.poll(() => cost.textContent()).toBe('Cost to post: contains a link: $0.20');
    await editor.fill('No link here.');
    await expect.poll(() => cost.textContent()).toBe('Cost to post: $0.015');
    expect(await overBudget.count()).toBe(0);
  });
});
