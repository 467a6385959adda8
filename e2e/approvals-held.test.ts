// An agent's post a person approved still takes its turn in the account's pacing: the second of two goes
// a gap after the first (ten minutes here), and meanwhile the Approvals page says it is waiting and until
// when, not that it failed.
import { describe, expect, it } from 'vitest';
import { call, row, seed, startApprovalsWorld, storedItem } from './support/approvals.js';

const GAP = 600;
const w = startApprovalsWorld({ pacingSeconds: GAP });
const detail = () => w.page.getByRole('region', { name: /#\d+/ });

describe('Approvals page, paced', () => {
  it('the second approved agent post waits its turn: shown as waiting with the time, not as a failure', async () => {
    const { page } = w;
    const [first, second] = await seed(w, [
      { text: 'Held: the first agent post', actor: 'agent' },
      { text: 'Held: the second agent post', actor: 'agent' },
    ]);
    for (const item of [first, second]) {
      expect((await call(w, 'POST', `/api/approval/${item?.id}/approve`, {})).status).toBe(200);
    }
    await expect
      .poll(async () => (await storedItem(w, first?.id ?? 0)).status, { timeout: 10_000 })
      .toBe('posted');
    await expect
      .poll(async () => (await storedItem(w, second?.id ?? 0)).error_message ?? '', { timeout: 10_000 })
      .toContain("paced: the account's next automated action may go at");
    const held = await storedItem(w, second?.id ?? 0);
    expect(held.status).toBe('approved');
    expect(
      w.fake.state
        .tweetsNewestFirst()
        .filter((t) => t.text.startsWith('Held:'))
        .map((t) => t.text),
    ).toEqual(['Held: the first agent post']);

    await page.goto(`${w.server.url}/approvals?tab=approved`);
    await row(page, 'Held: the second agent post').click();
    await expect.poll(() => detail().textContent()).toContain(`#${second?.id}`);
    const shown = (await detail().textContent()) ?? '';
    expect(shown).toContain('Waiting');
    expect(shown).toContain("paced: the account's next automated action may go at");
    expect(shown).not.toContain('Failure');
    expect(await detail().locator('.error').count()).toBe(0);
  }, 60_000);
});
