// Several accounts over one HTTP API (issue 27): a request acts on the default account unless it names
// another with the X-App-Account header (or `account=` on a read); what one account writes the other never
// reads; an account that does not exist is a 404 that says nothing more, and only after authentication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_ID } from '../../src/contracts/account.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({
    accounts: { work: { display_name: 'Work', limits: { max_tweets_per_day: 2 } } },
  });
});
afterAll(async () => {
  await h?.close();
});

const asWork = { headers: { 'x-app-account': 'work' } };
const idsOf = (json: { drafts?: Array<{ id: number }>; items?: Array<{ id: number }> }) =>
  (json.drafts ?? json.items ?? []).map((draft) => draft.id);

describe('the account a request acts on', () => {
  it('gives each configured account a row of its own, the default one keeping the seeded row', () => {
    const rows = sqliteOf(h.app.deps.database)
      .sqlite.prepare('select id, label, status from accounts order by created_at, id')
      .all() as Array<{ id: string; label: string; status: string }>;
    expect(rows.find((row) => row.id === DEFAULT_ACCOUNT_ID)?.label).toBe('default');
    const work = rows.find((row) => row.label === 'work');
    expect(work?.status).toBe('active');
    expect(h.app.accounts.map((account) => [account.name, account.id])).toEqual([
      ['default', DEFAULT_ACCOUNT_ID],
      ['work', work?.id],
    ]);
  });

  it('keeps a draft made for one account out of the other account', async () => {
    const made = await h.api('POST', '/api/content/drafts', { content: 'Only for work' }, asWork);
    expect(made.status).toBe(201);
    const mine = await h.api('POST', '/api/content/drafts', { content: 'Only for the default account' });
    expect(mine.status).toBe(201);

    const work = await h.api('GET', '/api/content/drafts', undefined, asWork);
    const main = await h.api('GET', '/api/content/drafts');
    expect(idsOf(work.json)).toContain(made.json.id);
    expect(idsOf(work.json)).not.toContain(mine.json.id);
    expect(idsOf(main.json)).toContain(mine.json.id);
    expect(idsOf(main.json)).not.toContain(made.json.id);

    // The other account's id is as good as absent: not readable, not changeable.
    expect((await h.api('GET', `/api/content/drafts/${made.json.id}`)).status).toBe(404);
    expect((await h.api('DELETE', `/api/content/drafts/${made.json.id}`)).status).toBe(404);
    expect(
      (await h.api('PATCH', `/api/content/drafts/${made.json.id}`, { content: 'taken over', version: 1 }))
        .status,
    ).toBe(404);
    const row = sqliteOf(h.app.deps.database)
      .sqlite.prepare('select account_id, content from drafts where id = ?')
      .get(made.json.id) as { account_id: string; content: string };
    expect(row).toEqual({ account_id: h.app.accounts[1]?.id, content: 'Only for work' });
  });

  it('takes the account from `account=` on a read, and refuses a header and a parameter that disagree', async () => {
    const made = await h.api('POST', '/api/content/drafts', { content: 'Read back by parameter' }, asWork);
    const read = await h.api('GET', '/api/content/drafts?account=work');
    expect(idsOf(read.json)).toContain(made.json.id);
    const both = await h.api('GET', '/api/content/drafts?account=work', undefined, {
      headers: { 'x-app-account': 'default' },
    });
    expect(both.status).toBe(400);
    expect(both.json.error.code).toBe('validation_error');
  });

  it('runs each account on its settings: its own table over the global ones', () => {
    const [main, work] = h.app.accounts;
    expect(work?.deps.config.limits.max_tweets_per_day).toBe(2);
    expect(main?.deps.config.limits.max_tweets_per_day).not.toBe(2);
    expect(work?.deps.config.limits.max_replies_per_day).toBe(main?.deps.config.limits.max_replies_per_day);
    expect(work?.deps.config.schedule).toEqual(main?.deps.config.schedule);
  });

  it('answers a 404 that names nothing for an account that does not exist, after authentication', async () => {
    const missing = await h.api('GET', '/api/content/drafts', undefined, {
      headers: { 'x-app-account': 'nobody' },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ code: 'not_found', message: 'no such account' });
    const anonymous = await h.api('GET', '/api/content/drafts', undefined, {
      auth: false,
      headers: { 'x-app-account': 'nobody' },
    });
    expect(anonymous.status).toBe(401);
    // A write naming a missing account changes nothing.
    const before = sqliteOf(h.app.deps.database).sqlite.prepare('select count(*) as n from drafts').get();
    const write = await h.api(
      'POST',
      '/api/content/drafts',
      { content: 'lost' },
      {
        headers: { 'x-app-account': 'nobody' },
      },
    );
    expect(write.status).toBe(404);
    expect(sqliteOf(h.app.deps.database).sqlite.prepare('select count(*) as n from drafts').get()).toEqual(
      before,
    );
    // Audited: each refusal after authentication is in the default account's action log (Activity), the
    // anonymous one is not (it never got past authentication).
    const refusals = sqliteOf(h.app.deps.database)
      .sqlite.prepare(
        "select account_id, status, message, metadata from action_log where action_type = 'account_refused' order by id",
      )
      .all() as Array<{ account_id: string; status: string; message: string; metadata: string }>;
    expect(refusals.map((row) => [row.account_id, row.status])).toEqual([
      [DEFAULT_ACCOUNT_ID, 'refused'],
      [DEFAULT_ACCOUNT_ID, 'refused'],
    ]);
    expect(refusals[0]?.message).toContain("'nobody'");
    expect(refusals.map((row) => JSON.parse(row.metadata))).toEqual([
      { face: 'http', named: 'nobody', route: '/api/content/drafts', method: 'GET', credential: 'bearer' },
      { face: 'http', named: 'nobody', route: '/api/content/drafts', method: 'POST', credential: 'bearer' },
    ]);
    const activity = await h.api('GET', '/api/activity?action_type=account_refused');
    expect(activity.status).toBe(200);
    expect(JSON.stringify(activity.json)).toContain("the account 'nobody'");
  });
});
