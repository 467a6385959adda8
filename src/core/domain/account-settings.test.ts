import { describe, expect, it } from 'vitest';
import { type ConfigInput, ConfigSchema } from '../../contracts/config/config.js';
import { isAppError } from '../errors.js';
import { accountNames, defaultAccountName, effectiveAccountConfig } from './account-settings.js';
import type { ConfigSource } from './config-issue.js';

const parse = (input: ConfigInput) => ConfigSchema.parse(input);

const GLOBAL: ConfigInput = {
  mode: 'autopilot',
  business: { product_name: 'Personal', product_keywords: ['rust', 'cli'], brand_voice: 'dry' },
  limits: { max_replies_per_day: 5, banned_phrases: ['check out', 'link in bio'] },
  schedule: {
    timezone: 'Europe/Berlin',
    preferred_times: ['09:00'],
    preferred_times_override: { Mon: ['08:00'], Sat: [] },
  },
  targets: { accounts: ['rustlang'] },
  mcp_policy: { blocked_tools: ['social_follow_user'], max_mutations_per_hour: 20 },
  content_sources: { sources: [{ source_type: 'local_fs', path: '/notes/personal' }] },
};

describe('effectiveAccountConfig', () => {
  it('an account that sets nothing runs with every global setting, and nothing of the other accounts', () => {
    const config = parse({
      ...GLOBAL,
      accounts: { acme: {}, other: { limits: { max_replies_per_day: 1 } } },
    });
    const acme = effectiveAccountConfig(config, 'acme');
    const { accounts: _accounts, ...global } = config;
    expect(acme.config).toEqual(global);
    expect(acme).toMatchObject({ account: 'acme', displayName: 'acme', isDefault: false });
    expect(acme.overrides.size).toBe(0);
    expect(acme.config).not.toHaveProperty('accounts');
  });

  it('overrides each section key by key and inherits the rest of it', () => {
    const config = parse({
      ...GLOBAL,
      accounts: {
        acme: {
          display_name: 'Acme Inc.',
          mode: 'composer',
          approval_mode: false,
          business: { product_name: 'Acme' },
          limits: { max_replies_per_day: 2 },
          schedule: { timezone: 'America/New_York' },
          targets: { max_target_replies_per_day: 1 },
          mcp_policy: { dry_run_mutations: true },
          content_sources: { sources: [{ source_type: 'cloud_drive', connection_id: 3 }] },
        },
      },
    });
    const global = parse(GLOBAL);
    const acme = effectiveAccountConfig(config, 'acme');
    expect(acme.displayName).toBe('Acme Inc.');
    expect(acme.config.mode).toBe('composer');
    expect(acme.config.approval_mode).toBe(false);
    expect(acme.config.business).toEqual({ ...global.business, product_name: 'Acme' });
    expect(acme.config.limits).toEqual({ ...global.limits, max_replies_per_day: 2 });
    expect(acme.config.schedule).toEqual({ ...global.schedule, timezone: 'America/New_York' });
    expect(acme.config.targets).toEqual({ accounts: ['rustlang'], max_target_replies_per_day: 1 });
    expect(acme.config.mcp_policy).toEqual({ ...global.mcp_policy, dry_run_mutations: true });
    expect(acme.config.content_sources.sources).toEqual([
      expect.objectContaining({ source_type: 'cloud_drive', connection_id: 3 }),
    ]);
    // Sections an account cannot set are the global ones, untouched.
    for (const section of ['llm', 'server', 'storage', 'intervals', 'scoring', 'social_api'] as const)
      expect(acme.config[section]).toEqual(global[section]);
    expect([...acme.overrides.keys()]).toEqual([
      'mode',
      'approval_mode',
      'business.product_name',
      'limits.max_replies_per_day',
      'schedule.timezone',
      'targets.max_target_replies_per_day',
      'mcp_policy.dry_run_mutations',
      'content_sources.sources',
    ]);
  });

  it('lists replace the global list whole; a table inside a section merges by its keys', () => {
    const config = parse({
      ...GLOBAL,
      accounts: {
        acme: {
          business: { product_keywords: ['acme'] },
          limits: { banned_phrases: [] },
          targets: { accounts: ['acmefans'] },
          mcp_policy: { blocked_tools: ['social_like_tweet'] },
          schedule: { preferred_times: ['10:00', '16:00'], preferred_times_override: { Mon: ['07:30'] } },
        },
      },
    });
    const acme = effectiveAccountConfig(config, 'acme').config;
    expect(acme.business.product_keywords).toEqual(['acme']);
    expect(acme.limits.banned_phrases).toEqual([]);
    expect(acme.targets.accounts).toEqual(['acmefans']);
    expect(acme.mcp_policy.blocked_tools).toEqual(['social_like_tweet']);
    expect(acme.schedule.preferred_times).toEqual(['10:00', '16:00']);
    expect(acme.schedule.preferred_times_override).toEqual({ Mon: ['07:30'], Sat: [] });
  });

  it('leaves the config it is given as it was', () => {
    const config = parse({ ...GLOBAL, accounts: { acme: { limits: { banned_phrases: ['x'] } } } });
    const before = structuredClone(config);
    const acme = effectiveAccountConfig(config, 'acme');
    acme.config.limits.banned_phrases.push('y');
    expect(config).toEqual(before);
  });

  it('an unknown account is not_found, with no hint of the accounts there are', () => {
    const config = parse({ ...GLOBAL, accounts: { acme: {}, secretclient: {} } });
    for (const name of ['nobody', 'Acme', 'default-ish', '../acme', 'constructor', 'toString']) {
      let caught: unknown;
      try {
        effectiveAccountConfig(config, name);
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught) && caught.code).toBe('not_found');
      expect((caught as Error).message).toBe(`no account named '${name}'`);
    }
  });

  it('answers where each value comes from: the account for its own keys, the global source for the rest', () => {
    const config = parse({
      ...GLOBAL,
      accounts: {
        acme: {
          limits: { max_replies_per_day: 2 },
          content_sources: { sources: [{ source_type: 'local_fs', path: '/notes/acme' }] },
          mode: 'composer',
        },
      },
    });
    const file = '/home/u/.app/config.toml';
    const sources = new Map<string, ConfigSource>([
      ['limits.max_replies_per_day', { kind: 'env', name: 'APP_LIMITS__MAX_REPLIES_PER_DAY' }],
      ['limits.max_tweets_per_day', { kind: 'file', file, line: 9, column: 1 }],
      ['mode', { kind: 'flag', name: '--option mode' }],
      ['content_sources.sources.0', { kind: 'file', file, line: 30, column: 1 }],
      ['content_sources.sources.0.path', { kind: 'file', file, line: 31, column: 1 }],
      ['accounts.acme', { kind: 'file', file, line: 40, column: 1 }],
      ['accounts.acme.mode', { kind: 'file', file, line: 41, column: 1 }],
      ['accounts.acme.limits.max_replies_per_day', { kind: 'file', file, line: 44, column: 1 }],
      ['accounts.acme.content_sources.sources.0', { kind: 'file', file, line: 46, column: 1 }],
      ['accounts.acme.content_sources.sources.0.path', { kind: 'file', file, line: 47, column: 1 }],
    ]);
    const acme = effectiveAccountConfig(config, 'acme', sources);
    expect(Object.fromEntries(acme.sources)).toEqual({
      // An account's own key beats env and flags: it is the more specific setting.
      'limits.max_replies_per_day': { kind: 'account', account: 'acme', file, line: 44, column: 1 },
      mode: { kind: 'account', account: 'acme', file, line: 41, column: 1 },
      'content_sources.sources': { kind: 'account', account: 'acme' },
      'content_sources.sources.0': { kind: 'account', account: 'acme', file, line: 46, column: 1 },
      'content_sources.sources.0.path': { kind: 'account', account: 'acme', file, line: 47, column: 1 },
      'limits.max_tweets_per_day': { kind: 'file', file, line: 9, column: 1 },
    });
    expect([...acme.overrides.keys()]).toEqual([
      'mode',
      'limits.max_replies_per_day',
      'content_sources.sources',
      'content_sources.sources.0',
      'content_sources.sources.0.path',
    ]);
    // The default account keeps the global sources (env and flag included), without the account tables.
    const personal = effectiveAccountConfig(config, 'default', sources);
    expect(Object.fromEntries(personal.sources)).toEqual({
      'limits.max_replies_per_day': { kind: 'env', name: 'APP_LIMITS__MAX_REPLIES_PER_DAY' },
      'limits.max_tweets_per_day': { kind: 'file', file, line: 9, column: 1 },
      mode: { kind: 'flag', name: '--option mode' },
      'content_sources.sources.0': { kind: 'file', file, line: 30, column: 1 },
      'content_sources.sources.0.path': { kind: 'file', file, line: 31, column: 1 },
    });
    expect(personal.overrides.size).toBe(0);
  });

  it('gives the default account the same answer with and without an empty [accounts]', () => {
    const without = effectiveAccountConfig(parse(GLOBAL), 'default');
    const withEmpty = effectiveAccountConfig(parse({ ...GLOBAL, accounts: {} }), 'default');
    expect(withEmpty).toEqual(without);
    const { accounts: _none, ...global } = parse(GLOBAL);
    expect(without).toEqual({
      account: 'default',
      displayName: 'default',
      isDefault: true,
      config: global,
      overrides: new Map(),
      sources: new Map(),
    });
  });

  it('names the default account by default_account, which then answers to that name only', () => {
    const config = parse({ ...GLOBAL, default_account: 'personal', accounts: { acme: {} } });
    expect(defaultAccountName(config)).toBe('personal');
    expect(accountNames(config)).toEqual(['personal', 'acme']);
    const personal = effectiveAccountConfig(config, 'personal');
    expect(personal.isDefault).toBe(true);
    expect(personal.config).not.toHaveProperty('default_account');
    expect(() => effectiveAccountConfig(config, 'default')).toThrow("no account named 'default'");
    expect(accountNames(parse(GLOBAL))).toEqual(['default']);
  });
});
