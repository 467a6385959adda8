// `app settings --account NAME` (issue 27): --show prints the account's effective settings, each own key
// noted as the account's; --set and --unset write keys of its [accounts.<name>] table (the rest of the file
// byte for byte); a setting of the whole service and an unknown account are refused with exit 2.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApp } from '../support/run-app.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const CONFIG = [
  '# my settings',
  '[limits]',
  'max_replies_per_day = 4',
  '',
  '[accounts.work]',
  'display_name = "Work"',
  '',
  '[accounts.work.limits]',
  'max_tweets_per_day = 2',
  '',
].join('\n');

let home: TempHome;
beforeEach(() => {
  home = createTempHome();
  home.writeConfig(CONFIG);
});
afterEach(() => home.cleanup());

const app = (...args: string[]) => runApp(args, { env: home.env });

describe('app settings --account', () => {
  it("shows the account's effective settings, its own keys noted as the account's", async () => {
    const json = await app('settings', '--show', '--account', 'work', '--format', 'json');
    expect(json.code, json.stderr).toBe(0);
    const shown = JSON.parse(json.stdout);
    expect(shown.limits).toMatchObject({ max_tweets_per_day: 2, max_replies_per_day: 4 });
    const text = await app('settings', '--show', '--account', 'work');
    expect(text.stdout).toMatch(/^# account: work$/m);
    expect(text.stdout).toMatch(/^max_tweets_per_day = 2 {2}# .*account work/m);
    const global = JSON.parse((await app('settings', '--show', '--format', 'json')).stdout);
    expect(global.limits.max_tweets_per_day).toBe(6);
  });

  it("writes and unsets keys of the account's own table only", async () => {
    const set = await app('settings', '--account', 'work', '--set', 'limits.max_replies_per_day=1');
    expect(set.code, set.stderr).toBe(0);
    const unset = await app('settings', '--account', 'work', '--unset', 'limits.max_tweets_per_day');
    expect(unset.code, unset.stderr).toBe(0);
    const text = readFileSync(home.configPath, 'utf8');
    expect(text.startsWith('# my settings\n[limits]\nmax_replies_per_day = 4\n')).toBe(true);
    expect(text).toMatch(/\[accounts\.work\.limits\]\nmax_replies_per_day = 1/);
    expect(text).not.toContain('max_tweets_per_day');
  });

  it('naming the default account acts on the global settings, as naming no account does', async () => {
    const set = await app('settings', '--account', 'default', '--set', 'limits.max_replies_per_day=3');
    expect(set.code, set.stderr).toBe(0);
    expect(readFileSync(home.configPath, 'utf8')).toBe(
      CONFIG.replace('max_replies_per_day = 4', 'max_replies_per_day = 3'),
    );
    const shown = JSON.parse(
      (await app('settings', '--show', '--account', 'default', '--format', 'json')).stdout,
    );
    expect(shown.limits).toMatchObject({ max_replies_per_day: 3, max_tweets_per_day: 6 });
  });

  it('refuses a setting of the whole service and an account the config does not have', async () => {
    const service = await app('settings', '--account', 'work', '--set', 'llm.model=other');
    expect(service.code).toBe(2);
    expect(service.stderr).toContain(
      "llm.model: not an account setting: it is the whole service's; set it in [llm] without an account",
    );
    const missing = await app('settings', '--show', '--account', 'nobody');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--account: no account named 'nobody'; the accounts are default, work");
    expect(readFileSync(home.configPath, 'utf8')).toBe(CONFIG);
  });
});
