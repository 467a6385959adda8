// The calendar's read (GET /api/calendar) over real SQLite: scheduled drafts, jobs and approval items not made
// from a draft, posts already out (a posted draft shows once, as its post), each with its link and whether it
// moves; the preferred slots of each local day across the March 2027 DST change in New York; a reschedule is
// one call and leaves one item; ranges it refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
beforeAll(async () => {
  h = await startHttpHarness({
    approval_mode: false,
    schedule: { timezone: 'America/New_York', preferred_times: ['09:30', '17:00'] },
  });
});
afterAll(() => h.close());

// Local midnight of Mon 2027-03-08 (EST, UTC-5) to local midnight of Mon 2027-03-22 (EDT, UTC-4): DST starts
// on Sunday 2027-03-14 in between.
const FROM = '2027-03-08T05:00:00.000Z';
const TO = '2027-03-22T04:00:00.000Z';
const read = async (from = FROM, to = TO) => h.api('GET', `/api/calendar?from=${from}&to=${to}`);

async function scheduledDraft(body: object, at: string): Promise<number> {
  const made = await h.api('POST', '/api/content/drafts', body);
  expect(made.status).toBe(201);
  const scheduled = await h.api('POST', `/api/content/drafts/${made.json.id}/schedule`, {
    scheduled_for: at,
  });
  expect(scheduled.status).toBe(202);
  return made.json.id;
}

describe('GET /api/calendar', () => {
  it('lists scheduled drafts, jobs and approval items by their local time, with where each opens', async () => {
    const post = await scheduledDraft({ content: 'Friday before the change' }, '2027-03-12T09:30');
    const thread = await scheduledDraft(
      {
        content_type: 'thread',
        blocks: [
          { id: 'a', text: 'First card\n of two' },
          { id: 'b', text: 'Second' },
        ],
      },
      '2027-03-15T09:30',
    );
    const { approvals, posting } = h.app.deps.content;
    const item = await approvals.create(
      {
        action_type: 'tweet',
        payload: { cards: [{ text: 'Waiting for review', media_paths: [] }] },
        actor: 'loop:content',
        scheduled_for: '2027-03-16T21:00:00.000Z',
      },
      new Date(h.clock.now()),
    );
    const job = await posting.createJob(
      {
        kind: 'reply',
        payload: { cards: [{ text: 'A queued reply', media_paths: [] }], in_reply_to_tweet_id: '77' },
        scheduled_for: '2027-03-17T14:00:00.000Z',
        origin_type: 'loop',
        actor: 'loop:discovery',
      },
      new Date(h.clock.now()),
    );

    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.json.timezone).toBe('America/New_York');
    expect(answer.json.items).toEqual([
      expect.objectContaining({
        key: `draft:${post}`,
        kind: 'draft',
        preview: 'Friday before the change',
        at: '2027-03-12T14:30:00.000Z',
        status: 'scheduled',
        link: `/drafts?id=${post}`,
        movable: true,
      }),
      expect.objectContaining({
        key: `draft:${thread}`,
        preview: 'First card of two',
        content_type: 'thread',
        card_count: 2,
        // 09:30 after the change is 13:30 UTC: the same wall-clock time, one hour less offset.
        at: '2027-03-15T13:30:00.000Z',
        movable: true,
      }),
      expect.objectContaining({
        key: `approval:${item.id}`,
        kind: 'approval',
        status: 'pending',
        source: 'loop:content',
        link: '/approvals?tab=pending',
        movable: false,
      }),
      expect.objectContaining({
        key: `job:${job.id}`,
        kind: 'job',
        content_type: 'reply',
        preview: 'A queued reply',
        source: 'loop:discovery',
        link: null,
        // Not started: it moves through posting.reschedule.
        movable: true,
      }),
    ]);
    expect(answer.json.truncated).toBe(false);
  });

  it("gives each local day's preferred slots, at the same wall-clock time across the DST change, taken or free", async () => {
    const { slots, slot_source } = (await read()).json;
    expect(slot_source).toBe('preferred');
    expect(slots).toHaveLength(14 * 2);
    const on = (date: string) => slots.filter((s: { date: string }) => s.date === date);
    expect(on('2027-03-12')).toEqual([
      { date: '2027-03-12', time: '09:30', at: '2027-03-12T14:30:00.000Z', taken: true },
      { date: '2027-03-12', time: '17:00', at: '2027-03-12T22:00:00.000Z', taken: false },
    ]);
    expect(on('2027-03-15')).toEqual([
      { date: '2027-03-15', time: '09:30', at: '2027-03-15T13:30:00.000Z', taken: true },
      { date: '2027-03-15', time: '17:00', at: '2027-03-15T21:00:00.000Z', taken: false },
    ]);
  });

  it('moves a scheduled draft in one call: the calendar then has it once, on the new day at the same time', async () => {
    const id = await scheduledDraft({ content: 'Move me' }, '2027-03-09T09:30');
    const moved = await h.api('POST', `/api/content/drafts/${id}/schedule`, {
      scheduled_for: '2027-03-19T09:30',
    });
    expect(moved.status).toBe(202);
    const mine = (await read()).json.items.filter((i: { key: string }) => i.key === `draft:${id}`);
    expect(mine).toEqual([expect.objectContaining({ at: '2027-03-19T13:30:00.000Z', movable: true })]);
    const jobs = sqliteOf(h.app.deps.database)
      .sqlite.prepare('select status, scheduled_for from posting_jobs where draft_id = ? order by id')
      .all(id);
    expect(jobs).toEqual([
      { status: 'cancelled', scheduled_for: '2027-03-09T14:30:00.000Z' },
      { status: 'queued', scheduled_for: '2027-03-19T13:30:00.000Z' },
    ]);
  });

  it('shows a posted draft once, as its post on the platform; without preferred times it offers the auto slots', async () => {
    const made = await h.api('POST', '/api/content/drafts', { content: 'Out now' });
    expect((await h.api('POST', `/api/content/drafts/${made.json.id}/publish`)).status).toBe(202);
    await h.postNow();
    const now = new Date(h.clock.now());
    const from = new Date(now.getTime() - 3_600_000).toISOString();
    const to = new Date(now.getTime() + 3_600_000).toISOString();
    const items = (await read(from, to)).json.items;
    expect(items).toEqual([
      expect.objectContaining({ kind: 'post', preview: 'Out now', status: 'posted', movable: false }),
    ]);
    expect(items[0].link).toBe(`https://x.com/i/status/${items[0].id}`);
    // The bearer token is the api actor.
    expect(items[0].source).toBe('api');

    const plain = await startHttpHarness({ schedule: { timezone: 'America/New_York' } });
    const auto = (await plain.api('GET', `/api/calendar?from=${FROM}&to=${TO}`)).json;
    await plain.close();
    expect(auto.slot_source).toBe('auto');
    expect(auto.slots.filter((s: { date: string }) => s.date === '2027-03-15')).toEqual([
      expect.objectContaining({ time: '09:15', at: '2027-03-15T13:15:00.000Z', taken: false }),
      expect.objectContaining({ time: '12:30', taken: false }),
      expect.objectContaining({ time: '17:00', taken: false }),
    ]);
  });

  it('refuses a range that is not two instants in order, or longer than 62 days', async () => {
    expect((await read('soon', TO)).status).toBe(400);
    expect((await read(TO, FROM)).status).toBe(400);
    const long = await read('2027-01-01T00:00:00.000Z', '2027-03-05T00:00:00.000Z');
    expect(long.status).toBe(400);
    expect(long.json.error.message).toContain('62 days');
  });
});
