import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NAME_RULE,
  ACCOUNT_SECTION_NAMES,
  ACCOUNT_TOP_LEVEL_KEYS,
  AccountNameSchema,
  AccountSchema,
  accountNameProblem,
  NewAccountNameSchema,
  SERVICE_SETTINGS,
} from './accounts.js';
import { ConfigSchema } from './config.js';

describe('the account name rule', () => {
  it.each(['a', 'acme', 'client-2', 'side_project', 'a'.repeat(32)])('accepts %j', (name) => {
    expect(accountNameProblem(name)).toBeUndefined();
    expect(NewAccountNameSchema.safeParse(name).success).toBe(true);
  });

  it.each([
    ['a slash', 'acme/b'],
    ['a dot', 'acme.b'],
    ['a double quote', 'ac"me'],
    ['a single quote', "ac'me"],
    ['a space', 'ac me'],
    ['upper case', 'Acme'],
    ['33 characters', 'a'.repeat(33)],
    ['a leading digit', '2acme'],
    ['a leading dash', '-acme'],
    ['nothing', ''],
    ['a path', '../acme'],
  ])('refuses %s with the rule', (_what, name) => {
    expect(accountNameProblem(name)).toBe(`'${name}' is not an account name: ${ACCOUNT_NAME_RULE}`);
    const parsed = NewAccountNameSchema.safeParse(name);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      `'${name}' is not an account name: ${ACCOUNT_NAME_RULE}`,
    ]);
  });

  it('keeps `default` for the default account, which may still be named so', () => {
    expect(accountNameProblem('default')).toBe(
      "'default' is reserved for the default account, whose settings are the global sections",
    );
    expect(AccountNameSchema.safeParse('default').success).toBe(true);
  });
});

describe('what an account may set', () => {
  it('every key of the config is either an account setting or a service setting, never both', () => {
    const accountKeys = new Set<string>([...ACCOUNT_TOP_LEVEL_KEYS, ...ACCOUNT_SECTION_NAMES]);
    const serviceKeys = new Set(Object.keys(SERVICE_SETTINGS));
    for (const key of Object.keys(ConfigSchema.shape)) {
      expect(accountKeys.has(key) !== serviceKeys.has(key), key).toBe(true);
    }
    expect(Object.keys(AccountSchema.shape).sort()).toEqual(
      ['display_name', ...accountKeys, ...serviceKeys].sort(),
    );
  });

  it('an override section applies no default: a key left out stays unset', () => {
    expect(AccountSchema.parse({ limits: {}, business: {}, schedule: {}, mcp_policy: {} })).toEqual({
      limits: {},
      business: {},
      schedule: {},
      mcp_policy: {},
    });
    expect(AccountSchema.parse({})).toEqual({});
  });

  it('checks an override exactly like the global field', () => {
    const parsed = AccountSchema.safeParse({
      limits: { max_replies_per_day: 0, product_mention_ratio: 2 },
      schedule: { active_hours_start: 24, preferred_times: ['9am'] },
      business: { product_url: 'ftp://acme.example' },
    });
    const global = ConfigSchema.safeParse({
      limits: { max_replies_per_day: 0, product_mention_ratio: 2 },
      schedule: { active_hours_start: 24, preferred_times: ['9am'] },
      business: { product_url: 'ftp://acme.example' },
    });
    const messages = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> = []) =>
      issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).sort();
    expect(messages(parsed.error?.issues)).toEqual(messages(global.error?.issues));
    expect(messages(parsed.error?.issues)).toHaveLength(5);
  });
});
