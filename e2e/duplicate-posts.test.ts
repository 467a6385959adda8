// No duplicate posts, as the person in Draft Studio meets it: a post that nearly repeats one the account
// posted lately is published all the same, and the Publish panel says so, naming the earlier post.
import { describe, expect, it } from 'vitest';
import { call, newDraft, startStudio, stored } from './support/studio.js';

const studio = startStudio();

const EARLIER = 'Shipping the new calendar view today for every account';
// One word swapped: 8 of 10 distinct words shared (Jaccard 0.8); a different post to the platform.
const NEAR = 'Shipping the new calendar view today for every user';

describe('Draft Studio: a near-duplicate of a recent post', () => {
  it('publish now posts it and warns, naming the earlier post', async () => {
    const first = await call(studio, 'POST', '/api/content/compose', {
      content_type: 'tweet',
      content: EARLIER,
    });
    expect(first.status).toBe(202);
    await expect
      .poll(() => studio.fake.state.tweetsNewestFirst().find((t) => t.text === EARLIER)?.id, {
        timeout: 15_000,
      })
      .toBeDefined();
    const earlierId = studio.fake.state.tweetsNewestFirst().find((t) => t.text === EARLIER)?.id;

    const { page } = studio;
    const id = await newDraft(page);
    await page.getByRole('textbox', { name: 'Post text' }).fill(NEAR);
    const publish = page.getByRole('region', { name: 'Publish' });
    await publish.getByRole('button', { name: 'Publish now' }).click();
    const warning = publish.getByRole('status').filter({ hasText: 'Similar to an earlier post' });
    await warning.waitFor();
    expect(await warning.textContent()).toBe(
      `Similar to an earlier post: nearly repeats post ${earlierId} of 2026-11-18: "${EARLIER}".`,
    );
    // The person may go on: the post still went out.
    await expect
      .poll(() => studio.fake.state.tweetsNewestFirst().map((t) => t.text), { timeout: 15_000 })
      .toContain(NEAR);
    await expect.poll(async () => (await stored(studio, id)).group, { timeout: 15_000 }).toBe('posted');
  }, 45_000);
});
