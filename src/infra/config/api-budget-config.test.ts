// [limits] monthly_api_budget_usd: unset by default (no limit), a positive number of dollars when set; 0, a
// negative or a non-numeric budget is an error naming the key, from the file and from the environment.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome, type TempHome } from '../../../test/support/temp-home.js';
import { formatIssue } from '../../core/domain/config-issue.js';
import { loadConfig } from './load-config.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('[limits] monthly_api_budget_usd', () => {
  it('is unset by default and takes a number of dollars', () => {
    expect(loadConfig({ env: home.env }).config?.limits.monthly_api_budget_usd).toBeUndefined();
    home.writeConfig('[limits]\nmonthly_api_budget_usd = 12.5\n');
    const loaded = loadConfig({ env: home.env });
    expect(loaded.issues).toEqual([]);
    expect(loaded.config?.limits.monthly_api_budget_usd).toBe(12.5);
  });

  it.each([
    ['0', /^error: limits\.monthly_api_budget_usd: a budget must be more than 0 US dollars/],
    ['-5', /^error: limits\.monthly_api_budget_usd: a budget must be more than 0 US dollars/],
    ['"ten"', /^error: limits\.monthly_api_budget_usd: a budget is a number of US dollars/],
  ])('refuses %s, naming the key', (value, message) => {
    home.writeConfig(`[limits]\nmonthly_api_budget_usd = ${value}\n`);
    const loaded = loadConfig({ env: home.env });
    expect(loaded.config).toBeUndefined();
    const lines = loaded.issues.map(formatIssue);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it('refuses a bad budget from the environment too', () => {
    for (const [value, message] of [
      ['0', /^error: limits\.monthly_api_budget_usd: a budget must be more than 0/],
      ['lots', /^error: limits\.monthly_api_budget_usd: 'lots' is not a valid number/],
    ] as const) {
      const loaded = loadConfig({ env: { ...home.env, APP_LIMITS__MONTHLY_API_BUDGET_USD: value } });
      expect(loaded.config).toBeUndefined();
      expect(loaded.issues.map(formatIssue)[0]).toMatch(message);
    }
    const ok = loadConfig({ env: { ...home.env, APP_LIMITS__MONTHLY_API_BUDGET_USD: '30' } });
    expect(ok.config?.limits.monthly_api_budget_usd).toBe(30);
  });
});
