// A value set by an environment variable, as the Settings page shows it: the field holds the value in
// force, cannot be edited, and says which variable to change; saving the section sends only what the user
// changed, never the key the environment owns, and the config file does not gain it.
import { describe, expect, it } from 'vitest';
import { configText, openSettings, serverSettings, settingsPatches } from './support/settings.js';
import { startStudio } from './support/studio.js';

const studio = startStudio({ env: { APP_LIMITS__MAX_TWEETS_PER_DAY: '9' } });

describe('Settings: a value from the environment', () => {
  it('is shown read-only with the variable to change; saving the section leaves it out', {
    timeout: 60_000,
  }, async () => {
    const page = studio.page;
    const sent = settingsPatches(page);
    await openSettings(studio);
    const limits = page.getByRole('region', { name: 'Rate limits and safety guardrails' });
    const tweets = limits.getByLabel('Max tweets per day', { exact: true });
    await expect.poll(() => tweets.inputValue()).toBe('9');
    expect(await tweets.isDisabled()).toBe(true);
    const help = await tweets.getAttribute('aria-describedby');
    await expect
      .poll(() => page.locator(`[id="${help?.split(' ')[0]}"]`).textContent())
      .toContain('Set by the environment variable APP_LIMITS__MAX_TWEETS_PER_DAY: change it there.');

    const replies = limits.getByLabel('Max replies per day', { exact: true });
    await replies.fill('4');
    await limits.getByRole('button', { name: 'Save changes' }).click();
    await limits.getByRole('status').getByText('Saved limits.max_replies_per_day.').waitFor();
    expect(sent).toEqual([{ set: { 'limits.max_replies_per_day': 4 }, unset: [] }]);
    expect(configText(studio)).not.toContain('max_tweets_per_day');
    const settings = await serverSettings(studio);
    expect(settings.config.limits).toMatchObject({ max_tweets_per_day: 9, max_replies_per_day: 4 });
  });
});
