// Making another account the default (issue 27 item 2: `app accounts default` and the same over the API):
// one edit of config.toml after which every account runs with exactly the settings it had; no row or file
// moves, so after a restart requests that name no account act on the new default, with its own drafts and
// login, and the former default keeps the seeded row, its drafts and the data directory's login.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { loadConfig } from '../../src/infra/config/load-config.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const FILE = [
  '# two accounts',
  'default_account = "personal"',
  '',
  '[limits]',
  'max_replies_per_day = 5',
  '',
  '[accounts.work]',
  'display_name = "Work"',
  '',
  '[accounts.work.limits]',
  'max_replies_per_day = 2  # fewer for work',
  '',
].join('\n');

let home: TempHome;
let h: HttpHarness;

/** The service over the file as it is now (a restart). */
async function start(): Promise<HttpHarness> {
  const loaded = loadConfig({ env: home.env });
  if (!loaded.config) throw new Error(JSON.stringify(loaded.issues));
  return startHttpHarness(loaded.config, { home });
}

const asWork = { headers: { 'x-app-account': 'work' } };
const asPersonal = { headers: { 'x-app-account': 'personal' } };
const settingOf = (json: { settings: Array<{ key: string; value: unknown }> }, key: string) =>
  json.settings.find((setting) => setting.key === key)?.value;
const contents = (json: { items: Array<{ preview: string }> }) => json.items.map((draft) => draft.preview);

beforeAll(async () => {
  home = createTempHome();
  home.writeConfig(FILE);
  h = await start();
});
afterAll(async () => {
  await h?.close();
  home?.cleanup();
});

describe('POST /api/accounts/{name}/default', () => {
  let workId: string | undefined;

  it('refuses an unknown account (404) and the default one (409), the file untouched', async () => {
    expect((await h.api('POST', '/api/accounts/nobody/default')).status).toBe(404);
    const again = await h.api('POST', '/api/accounts/personal/default');
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain('default account already');
    expect(readFileSync(home.configPath, 'utf8')).toBe(FILE);
  });

  it('moves the settings so that every account keeps exactly what it ran with', async () => {
    workId = h.app.accounts.find((account) => account.name === 'work')?.id;
    expect((await h.api('POST', '/api/content/drafts', { content: 'personal draft' })).status).toBe(201);
    expect((await h.api('POST', '/api/content/drafts', { content: 'work draft' }, asWork)).status).toBe(201);
    const before = {
      personal: (await h.api('GET', '/api/settings')).json,
      work: (await h.api('GET', '/api/settings', undefined, asWork)).json,
    };

    const made = await h.api('POST', '/api/accounts/work/default');
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({
      account: { name: 'work', default: true },
      previous_default: 'personal',
      moved_settings: ['limits.max_replies_per_day', 'accounts.personal.limits.max_replies_per_day'],
      dropped_display_name: 'Work',
      restart_required: true,
    });
    const text = readFileSync(home.configPath, 'utf8');
    expect(text).toContain('# two accounts');
    expect(text).toContain('default_account = "work"');
    expect(text).toContain('max_replies_per_day = 2');
    expect(text).not.toContain('[accounts.work]');
    expect(text).toContain('[accounts.personal.limits]\nmax_replies_per_day = 5');

    // The running service: each account still runs with its own values (found by its row, not by
    // whether it was the default when the service started).
    const personalNow = (await h.api('GET', '/api/settings', undefined, asPersonal)).json;
    const workNow = (await h.api('GET', '/api/settings', undefined, asWork)).json;
    for (const key of ['limits.max_replies_per_day', 'limits.max_tweets_per_day', 'mode']) {
      expect(settingOf(personalNow, key), key).toEqual(settingOf(before.personal, key));
      expect(settingOf(workNow, key), key).toEqual(settingOf(before.work, key));
    }
    expect(settingOf(workNow, 'limits.max_replies_per_day')).toBe(2);
    expect(settingOf(personalNow, 'limits.max_replies_per_day')).toBe(5);
  });

  it('after a restart, what names no account acts on the new default; each keeps its row, drafts and files', async () => {
    await h.close();
    h = await start();
    expect(h.app.accounts.map((account) => [account.name, account.id])).toEqual([
      ['work', workId],
      ['personal', DEFAULT_ACCOUNT_ID],
    ]);
    const [work, personal] = h.app.accounts;
    expect(work?.deps.paths.tokensPath).toBe(join(home.dir, 'accounts', workId ?? '', 'tokens.json'));
    expect(personal?.deps.paths.tokensPath).toBe(join(home.dir, 'tokens.json'));
    expect(h.app.deps).toBe(work?.deps);

    expect(contents((await h.api('GET', '/api/content/drafts')).json)).toEqual(['work draft']);
    expect(contents((await h.api('GET', '/api/content/drafts', undefined, asPersonal)).json)).toEqual([
      'personal draft',
    ]);
    const list = (await h.api('GET', '/api/accounts')).json;
    expect(list.default_account).toBe('work');
    expect(list.accounts.map((a: { name: string; default: boolean }) => [a.name, a.default])).toEqual([
      ['work', true],
      ['personal', false],
    ]);
    expect(settingOf((await h.api('GET', '/api/settings')).json, 'limits.max_replies_per_day')).toBe(2);
    expect(
      settingOf(
        (await h.api('GET', '/api/settings', undefined, asPersonal)).json,
        'limits.max_replies_per_day',
      ),
    ).toBe(5);

    // And back: the former default takes the global values again, work gets its own table.
    const back = await h.api('POST', '/api/accounts/personal/default');
    expect(back.status).toBe(200);
    await h.close();
    h = await start();
    expect(h.app.accounts.map((account) => [account.name, account.id])).toEqual([
      ['personal', DEFAULT_ACCOUNT_ID],
      ['work', workId],
    ]);
    expect(contents((await h.api('GET', '/api/content/drafts')).json)).toEqual(['personal draft']);
    expect(
      settingOf((await h.api('GET', '/api/settings', undefined, asWork)).json, 'limits.max_replies_per_day'),
    ).toBe(2);
  });

  it('refuses while the default account is still called `default`, naming the rename', async () => {
    const other = createTempHome();
    try {
      other.writeConfig('[accounts.work]\n');
      const loaded = loadConfig({ env: other.env });
      const harness = await startHttpHarness(loaded.config ?? {}, { home: other });
      try {
        const refused = await harness.api('POST', '/api/accounts/work/default');
        expect(refused.status).toBe(400);
        expect(refused.json.error.message).toContain('app accounts rename default');
        expect(readFileSync(other.configPath, 'utf8')).toBe('[accounts.work]\n');
      } finally {
        await harness.close();
      }
    } finally {
      other.cleanup();
    }
  });
});
