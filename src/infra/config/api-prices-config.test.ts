// [api_prices] is data with the April 2026 defaults: a key naming no price kind warns and keeps every default,
// a negative or non-numeric price is an error naming the key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome, type TempHome } from '../../../test/support/temp-home.js';
import { APRIL_2026_PRICES } from '../../contracts/config/api-prices.js';
import { formatIssue } from '../../core/domain/config-issue.js';
import { loadConfig } from './load-config.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('[api_prices]', () => {
  it('defaults to the April 2026 prices and takes an edited price', () => {
    expect(loadConfig({ env: home.env }).config?.api_prices).toEqual(APRIL_2026_PRICES);
    home.writeConfig('[api_prices]\npost_read = 0.006\n');
    const loaded = loadConfig({ env: home.env });
    expect(loaded.issues).toEqual([]);
    expect(loaded.config?.api_prices).toEqual({ ...APRIL_2026_PRICES, post_read: 0.006 });
  });

  it('warns about an unknown endpoint kind and keeps the defaults', () => {
    home.writeConfig('[api_prices]\npost_reads = 0.5\nspace_read = 1\n');
    const loaded = loadConfig({ env: home.env });
    expect(loaded.config?.api_prices).toEqual(APRIL_2026_PRICES);
    expect(loaded.issues.map(formatIssue)).toEqual([
      `warning: api_prices.post_reads: unknown key (did you mean api_prices.post_read?); ignored (${home.configPath} line 2, column 1)`,
      `warning: api_prices.space_read: unknown key; ignored (${home.configPath} line 3, column 1)`,
    ]);
  });

  it('refuses a negative or non-numeric price, naming the key', () => {
    home.writeConfig('[api_prices]\npost_create = -0.015\ndelete = "cheap"\n');
    const loaded = loadConfig({ env: home.env });
    expect(loaded.config).toBeUndefined();
    const lines = loaded.issues.map(formatIssue);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^error: api_prices\.post_create: a price cannot be negative/);
    expect(lines[1]).toMatch(/^error: api_prices\.delete: a price is a number of US dollars/);
    const fromEnv = loadConfig({ env: { ...home.env, APP_API_PRICES__USER_READ: '-1' } });
    expect(fromEnv.issues.map(formatIssue)[0]).toMatch(
      /^error: api_prices\.user_read: a price cannot be negative/,
    );
  });
});
