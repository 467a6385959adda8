// [accounts.<name>] tables as the loader reads them: what loads, what is refused and with which key, where
// each value comes from, and what the CLI does with a refused account (exit 2, as for any config error).
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingSourceSchema } from '../../src/contracts/settings.js';
import { effectiveAccountConfig } from '../../src/core/domain/account-settings.js';
import { formatIssue } from '../../src/core/domain/config-issue.js';
import { changedKeys } from '../../src/infra/config/changed-keys.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { runApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const BASE = `[business]
product_name = "Personal"
product_keywords = ["rust"]

[limits]
max_replies_per_day = 5
`;

function load(text: string, env: Record<string, string> = {}) {
  home.writeConfig(text);
  return loadConfig({ env: { ...home.env, ...env } });
}

/** `key: message` of every error (warnings left out). */
function errors(text: string): string[] {
  return load(text)
    .issues.filter((issue) => issue.severity === 'error')
    .map((issue) => `${issue.key}: ${issue.message}`);
}

const RULE =
  "an account name is 1 to 32 characters: a lower-case letter, then lower-case letters, digits, '_' or '-'";

describe('loading [accounts.<name>] tables', () => {
  it('loads a config with accounts, each answering its own effective settings with their sources', () => {
    const text = `${BASE}
[accounts.acme]
display_name = "Acme Inc."

[accounts.acme.limits]
max_replies_per_day = 2

[accounts.side_project]
mode = "composer"
`;
    const loaded = load(text, { APP_LIMITS__MAX_TWEETS_PER_DAY: '4' });
    expect(loaded.issues).toEqual([]);
    const config = loaded.config;
    if (!config) throw new Error('expected a config');
    expect(Object.keys(config.accounts ?? {})).toEqual(['acme', 'side_project']);
    const acme = effectiveAccountConfig(config, 'acme', loaded.sources);
    expect(acme.config.limits).toMatchObject({ max_replies_per_day: 2, max_tweets_per_day: 4 });
    expect(acme.config.business.product_name).toBe('Personal');
    expect(acme.sources.get('limits.max_replies_per_day')).toEqual({
      kind: 'account',
      account: 'acme',
      file: home.configPath,
      line: 12,
      column: 1,
    });
    expect(acme.sources.get('limits.max_tweets_per_day')).toEqual({
      kind: 'env',
      name: 'APP_LIMITS__MAX_TWEETS_PER_DAY',
    });
    expect(acme.sources.get('business.product_name')).toMatchObject({ kind: 'file', line: 2 });
    // The settings API's source shape carries the account kind as it is.
    for (const source of acme.sources.values()) expect(SettingSourceSchema.parse(source)).toEqual(source);
    expect(
      formatIssue({
        severity: 'warning',
        key: 'k',
        message: 'm',
        source: acme.overrides.get('limits.max_replies_per_day'),
      }),
    ).toBe(`warning: k: m (account acme, ${home.configPath} line 12, column 1)`);
  });

  it('env variables stay global: they set the default account and what the others inherit, never their own keys', () => {
    const loaded = load(`${BASE}\n[accounts.acme.limits]\nmax_replies_per_day = 2\n`, {
      APP_LIMITS__MAX_REPLIES_PER_DAY: '9',
      APP_ACCOUNTS: '{"evil": {}}',
      APP_ACCOUNTS__ACME__LIMITS__MAX_REPLIES_PER_DAY: '7',
    });
    const config = loaded.config;
    if (!config) throw new Error('expected a config');
    expect(effectiveAccountConfig(config, 'default').config.limits.max_replies_per_day).toBe(9);
    expect(effectiveAccountConfig(config, 'acme').config.limits.max_replies_per_day).toBe(2);
    expect(Object.keys(config.accounts ?? {})).toEqual(['acme']);
    expect(loaded.issues.map((issue) => issue.message)).toEqual([
      'unknown environment variable APP_ACCOUNTS; ignored',
      'unknown environment variable APP_ACCOUNTS__ACME__LIMITS__MAX_REPLIES_PER_DAY; ignored',
    ]);
    expect(loaded.issues.every((issue) => issue.severity === 'warning')).toBe(true);
  });

  it.each([
    ['a slash', '"acme/b"', 'acme/b'],
    ['a dot', '"acme.b"', 'acme.b'],
    ['a quote', `'ac"me'`, 'ac"me'],
    ['upper case', 'Acme', 'Acme'],
    ['33 characters', 'a'.repeat(33), 'a'.repeat(33)],
    ['a space', '"ac me"', 'ac me'],
  ])('refuses an account name with %s, naming it with the rule', (_what, written, name) => {
    expect(errors(`${BASE}\n[accounts.${written}]\nmode = "composer"\n`)).toEqual([
      `accounts.${name}: '${name}' is not an account name: ${RULE}`,
    ]);
  });

  it('keeps `default` for the default account, and refuses a table named like default_account', () => {
    expect(errors(`${BASE}\n[accounts.default]\nmode = "composer"\n`)).toEqual([
      "accounts.default: 'default' is reserved for the default account, whose settings are the global sections",
    ]);
    expect(errors(`default_account = "me"\n${BASE}\n[accounts.me]\nmode = "composer"\n`)).toEqual([
      "accounts.me: 'me' is the default account (default_account): its settings are the global sections",
    ]);
    expect(errors(`default_account = "Me Myself"\n${BASE}`)).toEqual([`default_account: ${RULE}`]);
    expect(errors(`default_account = "me"\n${BASE}\n[accounts.default]\n`)).toHaveLength(1);
  });

  it('refuses a service setting inside an account, naming the key and where it belongs', () => {
    const text = `${BASE}
[accounts.acme]
deployment_mode = "cloud"

[accounts.acme.server]
port = 4000

[accounts.acme.llm]
provider = "openai"

[accounts.acme.social_api]
client_id = "acme-client"
`;
    expect(errors(text)).toEqual([
      'accounts.acme.deployment_mode: not an account setting; set it at the top level',
      'accounts.acme.social_api: not an account setting; set it in [social_api]',
      'accounts.acme.llm: not an account setting; set it in [llm]',
      'accounts.acme.server: not an account setting; set it in [server]',
    ]);
  });

  it('checks an override like the global key: type, range and the cross-field rules, each under its full key', () => {
    const text = `${BASE}
[accounts.acme.limits]
max_replies_per_day = "two"
product_mention_ratio = 1.5

[accounts.acme.schedule]
timezone = "Mars/Olympus"

[accounts.beta.limits]
min_action_delay_seconds = 500
`;
    const loaded = load(text);
    expect(loaded.config).toBeUndefined();
    const found = loaded.issues.map((issue) => ({
      key: issue.key,
      message: issue.message,
      line: (issue.source as { line?: number })?.line,
    }));
    expect(found).toEqual([
      {
        key: 'accounts.acme.limits.max_replies_per_day',
        message: 'expected number, received string',
        line: 9,
      },
      {
        key: 'accounts.acme.limits.product_mention_ratio',
        message: 'Too big: expected number to be <=1',
        line: 10,
      },
      {
        key: 'accounts.acme.schedule.timezone',
        message: "'Mars/Olympus' is not a known IANA timezone",
        line: 13,
      },
      {
        key: 'accounts.beta.limits.min_action_delay_seconds',
        message: 'must not be greater than limits.max_action_delay_seconds',
        line: 16,
      },
    ]);
  });

  it('does not repeat for an account a problem it inherits from the global config', () => {
    const text = `[limits]\nmin_action_delay_seconds = 500\n\n[accounts.acme]\nmode = "composer"\n`;
    expect(errors(text)).toEqual([
      'limits.min_action_delay_seconds: must not be greater than limits.max_action_delay_seconds',
    ]);
  });

  it('warns about an unknown key in an account with the nearest key of that account', () => {
    const loaded = load(`${BASE}
[accounts.acme]
max_replies_per_day = 2
port = 4000

[accounts.acme.limits]
max_reply_per_day = 2
`);
    expect(loaded.config).toBeDefined();
    expect(loaded.issues.map(formatIssue)).toEqual([
      `warning: accounts.acme.max_replies_per_day: unknown key (did you mean accounts.acme.limits.max_replies_per_day?); ignored (${home.configPath} line 9, column 1)`,
      `warning: accounts.acme.port: unknown key; ignored (${home.configPath} line 10, column 1)`,
      `warning: accounts.acme.limits.max_reply_per_day: unknown key (did you mean accounts.acme.limits.max_replies_per_day?); ignored (${home.configPath} line 13, column 1)`,
    ]);
  });

  it('a reload reports which account changed', () => {
    const before = load(`${BASE}\n[accounts.acme.limits]\nmax_replies_per_day = 2\n`).config;
    const after = load(`${BASE}\n[accounts.acme.limits]\nmax_replies_per_day = 3\n[accounts.beta]\n`).config;
    if (!before || !after) throw new Error('expected configs');
    expect(changedKeys(before, after)).toEqual(['accounts.acme', 'accounts.beta']);
  });
});

describe('the CLI with accounts in the file', () => {
  it('a refused account stops the command with exit code 2, each problem under its full key and line', async () => {
    home.writeConfig(`${BASE}\n[accounts.acme.limits]\nmax_replies_per_day = "two"\n\n[accounts.Acme]\n`);
    const result = await runApp(['settings', '--show'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: accounts.acme.limits.max_replies_per_day: expected number, received string (${home.configPath} line 9, column 1)`,
    );
    expect(result.stderr).toContain(`error: accounts.Acme: 'Acme' is not an account name: ${RULE}`);
    expect(result.stderr).toContain('configuration has 2 errors');
  });

  it('`app settings --set` changes the global key, never the account table of the same name', async () => {
    const text = `${BASE}\n[accounts.acme.limits]\nmax_replies_per_day = 2\n`;
    home.writeConfig(text);
    const result = await runApp(['settings', '--set', 'limits.max_replies_per_day=4'], { env: home.env });
    expect(result.code).toBe(0);
    expect(readFileSync(home.configPath, 'utf8')).toBe(
      text.replace('max_replies_per_day = 5', 'max_replies_per_day = 4'),
    );
  });
});
