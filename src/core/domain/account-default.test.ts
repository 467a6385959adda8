import { describe, expect, it } from 'vitest';
import { type ConfigInput, ConfigSchema } from '../../contracts/config/config.js';
import { isAppError } from '../errors.js';
import { type DefaultSwitchPlan, planDefaultSwitch } from './account-default.js';
import { accountNames, effectiveAccountConfig } from './account-settings.js';
import type { ConfigSource } from './config-issue.js';
import { setPath } from './object-path.js';

const parse = (input: ConfigInput) => ConfigSchema.parse(input);

const THREE: ConfigInput = {
  default_account: 'personal',
  mode: 'autopilot',
  business: { product_name: 'Personal', product_keywords: ['rust', 'cli'], brand_voice: 'dry' },
  limits: { max_replies_per_day: 5, max_tweets_per_day: 4 },
  schedule: { timezone: 'Europe/Berlin', preferred_times: ['09:00'] },
  accounts: {
    acme: {
      display_name: 'Acme Inc.',
      mode: 'composer',
      business: { product_name: 'Acme', product_keywords: ['acme cli'] },
      limits: { max_replies_per_day: 2 },
      schedule: { timezone: 'America/New_York', preferred_times: ['07:30', '18:00'] },
    },
    side: { limits: { max_tweets_per_day: 1 } },
    agency: { business: { product_name: 'Agency' }, limits: { max_replies_per_day: 9 } },
  },
};

/** The config the plan's file edits load to (the same steps as the text edit, on the object). */
function afterPlan(input: ConfigInput, plan: DefaultSwitchPlan) {
  const next = structuredClone(input) as Record<string, unknown> & { accounts: Record<string, unknown> };
  delete next.accounts[plan.name];
  next.accounts[plan.previous] = {};
  next.default_account = plan.name;
  for (const { path, value } of plan.settings) setPath(next, path, value);
  return parse(next as ConfigInput);
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};

describe('planDefaultSwitch', () => {
  it('every account runs with exactly the settings it had, the new default from the global sections', () => {
    const config = parse(THREE);
    const plan = planDefaultSwitch(config, 'acme');
    const after = afterPlan(THREE, plan);
    expect(after.default_account).toBe('acme');
    expect(accountNames(after)).toEqual(['acme', 'side', 'agency', 'personal']);
    for (const name of ['acme', 'personal', 'side', 'agency'])
      expect(effectiveAccountConfig(after, name).config, name).toEqual(
        effectiveAccountConfig(config, name).config,
      );
    // The new default's values are global now; it has no table of its own.
    expect(after.limits.max_replies_per_day).toBe(2);
    expect(after.business.product_name).toBe('Acme');
    expect(after.mode).toBe('composer');
    expect(after.accounts).not.toHaveProperty('acme');
    // The former default keeps its values as its own keys; an account that set the key keeps its own.
    expect(after.accounts?.personal).toMatchObject({
      mode: 'autopilot',
      business: { product_name: 'Personal', product_keywords: ['rust', 'cli'] },
      limits: { max_replies_per_day: 5 },
      schedule: { timezone: 'Europe/Berlin' },
    });
    expect(after.accounts?.agency).toEqual(
      expect.objectContaining({ business: expect.objectContaining({ product_name: 'Agency' }) }),
    );
    expect(after.accounts?.agency?.limits?.max_replies_per_day).toBe(9);
    expect(plan.droppedDisplayName).toBe('Acme Inc.');
  });

  it('writes only what differs: a key the new default does not set stays global and untouched', () => {
    const plan = planDefaultSwitch(parse(THREE), 'side');
    // side sets only max_tweets_per_day: the global gets 1, every other account gets back 4.
    expect(plan.settings.map((s) => s.path.join('.'))).toEqual([
      'limits.max_tweets_per_day',
      'accounts.personal.limits.max_tweets_per_day',
      'accounts.acme.limits.max_tweets_per_day',
      'accounts.agency.limits.max_tweets_per_day',
    ]);
    expect(plan.settings.map((s) => s.value)).toEqual([1, 4, 4, 4]);
  });

  it('refuses what it cannot do, naming why', () => {
    const config = parse(THREE);
    expect(refusal(() => planDefaultSwitch(config, 'personal'))).toMatchObject({ code: 'conflict' });
    expect(refusal(() => planDefaultSwitch(config, 'nobody'))).toMatchObject({ code: 'not_found' });
    // A default still called `default` cannot become a table (the name is reserved).
    const unnamed = parse({ accounts: { acme: {} } });
    expect(refusal(() => planDefaultSwitch(unnamed, 'acme'))).toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('app accounts rename default'),
    });
    // An environment variable that sets one of acme's keys for the whole service would win over it.
    const sources = new Map<string, ConfigSource>([
      ['limits.max_replies_per_day', { kind: 'env', name: 'APP_LIMITS__MAX_REPLIES_PER_DAY' }],
    ]);
    expect(refusal(() => planDefaultSwitch(config, 'acme', sources))).toMatchObject({
      code: 'validation_error',
      message: expect.stringContaining('APP_LIMITS__MAX_REPLIES_PER_DAY'),
    });
    // A day of a table the new default adds would reach the accounts that inherit the table.
    const days = parse({
      default_account: 'personal',
      accounts: { acme: { schedule: { preferred_times_override: { Sat: ['10:00'] } } } },
    });
    expect(refusal(() => planDefaultSwitch(days, 'acme'))).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('personal: schedule.preferred_times_override'),
    });
  });
});
