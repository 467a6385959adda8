// Each account's settings through the settings API (issue 27 item 2): with X-App-Account the effective
// settings are the account's, each value with where it comes from (its own table, or the global value it
// inherits); a change writes the account's own table in config.toml and leaves the global value and the
// rest of the file alone; unsetting a key inherits again; a setting of the whole service is refused.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const FILE = [
  '# my settings',
  '[limits]',
  'max_replies_per_day = 4',
  '',
  '[accounts.work]',
  'display_name = "Work"',
  '',
  '[accounts.work.limits]',
  'max_tweets_per_day = 2 # the work account posts less',
  '',
].join('\n');

let home: TempHome;
let h: HttpHarness;
beforeAll(async () => {
  home = createTempHome();
  home.writeConfig(FILE);
  h = await startHttpHarness(
    {
      limits: { max_replies_per_day: 4 },
      accounts: { work: { display_name: 'Work', limits: { max_tweets_per_day: 2 } } },
    },
    { home },
  );
});
afterAll(async () => {
  await h?.close();
  home?.cleanup();
});

const asWork = { headers: { 'x-app-account': 'work' } };
// biome-ignore lint/suspicious/noExplicitAny: the settings rows as the API answers them.
const row = (json: any, key: string) => json.settings.find((s: { key: string }) => s.key === key);

describe("an account's settings", () => {
  it('shows its own values with the account as their source, and the global ones it inherits', async () => {
    const work = (await h.api('GET', '/api/settings', undefined, asWork)).json;
    expect(row(work, 'limits.max_tweets_per_day')).toMatchObject({
      value: 2,
      source: { kind: 'account', account: 'work', line: 9 },
    });
    expect(row(work, 'limits.max_replies_per_day')).toMatchObject({
      value: 4,
      source: { kind: 'file', line: 3 },
    });
    const main = (await h.api('GET', '/api/settings')).json;
    expect(row(main, 'limits.max_tweets_per_day')).toMatchObject({ value: 6, source: { kind: 'default' } });
  });

  it("writes a change to the account's own table, leaving the global value and the file's comments", async () => {
    const saved = await h.api('PATCH', '/api/settings', { set: { 'limits.max_replies_per_day': 1 } }, asWork);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.changed).toEqual(['limits.max_replies_per_day']);
    expect(row(saved.json, 'limits.max_replies_per_day')).toMatchObject({
      value: 1,
      source: { kind: 'account', account: 'work' },
    });
    const text = readFileSync(home.configPath, 'utf8');
    expect(text).toContain('# my settings');
    expect(text).toContain('max_tweets_per_day = 2 # the work account posts less');
    expect(text).toMatch(/\[accounts\.work\.limits\][^[]*max_replies_per_day = 1/);
    expect(text).toMatch(/^\[limits\]\nmax_replies_per_day = 4$/m);
    expect(row((await h.api('GET', '/api/settings')).json, 'limits.max_replies_per_day').value).toBe(4);
  });

  it('inherits the global value again once its own key is unset', async () => {
    const saved = await h.api('PATCH', '/api/settings', { unset: ['limits.max_tweets_per_day'] }, asWork);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(row(saved.json, 'limits.max_tweets_per_day')).toMatchObject({
      value: 6,
      source: { kind: 'default' },
    });
    expect(readFileSync(home.configPath, 'utf8')).not.toContain('max_tweets_per_day');
  });

  it('refuses a setting of the whole service, naming where it is set, and writes nothing', async () => {
    const before = readFileSync(home.configPath, 'utf8');
    const refused = await h.api(
      'PATCH',
      '/api/settings',
      { set: { 'llm.model': 'other-model', 'limits.max_replies_per_day': 2 } },
      asWork,
    );
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('validation_error');
    expect(refused.json.error.details.issues).toEqual([
      {
        key: 'llm.model',
        message: "not an account setting: it is the whole service's; set it in [llm] without an account",
      },
    ]);
    expect(readFileSync(home.configPath, 'utf8')).toBe(before);
  });
});
