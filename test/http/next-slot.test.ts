// Add to queue over real SQLite: GET /api/content/next-slot answers the first free preferred slot by the
// calendar's rules (a slot with a draft, job or approval item at its minute is skipped; more than the 5-minute
// grace ahead; across midnight and the week with an empty weekday override; in the account's timezone on the
// day DST starts; none in 60 days is `at: null`), and POST /api/content/drafts/{id}/queue schedules the draft
// there exactly as drafts.schedule does, refuses a slot taken meanwhile with 409 and the new next slot, and
// gives bad input the errors drafts.schedule gives — with nothing written on any refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDraft } from '../../src/core/services/drafts/queue-draft.js';
import { slotDeps } from '../../src/operations/calendar/next-slot-operation.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { INSTANTS } from '../support/instants.js';
import { sqliteOf } from '../support/sqlite-of.js';

const NY = 'America/New_York';
// Wednesday 18 November 2026, 09:00 in New York (EST, UTC-5): the auto slots are 14:15, 17:30 and 22:00 UTC.
const WED_0900 = '2026-11-18T14:00:00.000Z';

const nextSlot = async (h: HttpHarness) => {
  const answer = await h.api('GET', '/api/content/next-slot');
  expect(answer.status).toBe(200);
  return answer.json;
};

const newDraft = async (h: HttpHarness, body: object = { content: 'A post for the queue' }) => {
  const made = await h.api('POST', '/api/content/drafts', body);
  expect(made.status).toBe(201);
  return made.json.id as number;
};

const schedule = (h: HttpHarness, id: number, local: string) =>
  h.api('POST', `/api/content/drafts/${id}/schedule`, { scheduled_for: local });

const queue = (h: HttpHarness, id: number, body: object) =>
  h.api('POST', `/api/content/drafts/${id}/queue`, body);

const count = (h: HttpHarness, table: string) =>
  (sqliteOf(h.app.deps.database).sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number })
    .n;

/** What a refusal must leave as it was: the draft's row and the job and approval tables. */
const footprint = (h: HttpHarness, id: number) => ({
  draft: sqliteOf(h.app.deps.database)
    .sqlite.prepare('select status, scheduled_for, archived_at, version, updated_at from drafts where id = ?')
    .get(id),
  jobs: count(h, 'posting_jobs'),
  approvals: count(h, 'approval_queue'),
});

describe('GET /api/content/next-slot', () => {
  let h: HttpHarness;
  beforeAll(async () => {
    h = await startHttpHarness({ approval_mode: false, schedule: { timezone: NY } }, { start: WED_0900 });
  });
  afterAll(() => h.close());

  it('answers the first free slot and skips each slot a draft, a job or an approval item holds', async () => {
    expect(await nextSlot(h)).toEqual({
      at: '2026-11-18T14:15:00.000Z',
      date: '2026-11-18',
      time: '09:15',
      timezone: NY,
      slot_source: 'auto',
      horizon_days: 60,
    });
    expect((await schedule(h, await newDraft(h), '2026-11-18T09:15')).status).toBe(202);
    expect(await nextSlot(h)).toMatchObject({ at: '2026-11-18T17:30:00.000Z', time: '12:30' });

    // A job of a loop 40 seconds into the 12:30 minute takes that slot (the calendar's same-minute rule).
    const now = new Date(h.clock.now());
    await h.app.deps.content.posting.createJob(
      {
        kind: 'tweet',
        payload: { cards: [{ text: 'From a loop', media_paths: [] }] },
        scheduled_for: '2026-11-18T17:30:40.000Z',
        origin_type: 'loop',
        actor: 'loop:content',
      },
      now,
    );
    expect(await nextSlot(h)).toMatchObject({ at: '2026-11-18T22:00:00.000Z', time: '17:00' });
    await h.app.deps.content.approvals.create(
      {
        action_type: 'tweet',
        payload: { cards: [{ text: 'Waiting for review', media_paths: [] }] },
        actor: 'loop:content',
        scheduled_for: '2026-11-18T22:00:00.000Z',
      },
      now,
    );
    // Every slot of Wednesday is taken: Thursday 09:15.
    expect(await nextSlot(h)).toMatchObject({
      at: '2026-11-19T14:15:00.000Z',
      date: '2026-11-19',
      time: '09:15',
    });
    // The calendar shows the same slots taken and the same one free.
    const calendar = await h.api(
      'GET',
      '/api/calendar?from=2026-11-18T05:00:00.000Z&to=2026-11-20T05:00:00.000Z',
    );
    expect(calendar.json.slots.map((s: { time: string; taken: boolean }) => `${s.time} ${s.taken}`)).toEqual([
      '09:15 true',
      '12:30 true',
      '17:00 true',
      '09:15 false',
      '12:30 false',
      '17:00 false',
    ]);
  });

  it('offers only slots more than the 5-minute grace ahead', async () => {
    // Friday 20 November: 09:15 EST is 14:15 UTC.
    h.clock.set(Date.parse('2026-11-20T14:13:00.000Z'));
    expect(await nextSlot(h)).toMatchObject({ at: '2026-11-20T17:30:00.000Z', time: '12:30' });
    h.clock.set(Date.parse('2026-11-20T14:10:00.000Z'));
    expect(await nextSlot(h)).toMatchObject({ time: '12:30' });
    h.clock.set(Date.parse('2026-11-20T14:09:59.000Z'));
    expect(await nextSlot(h)).toMatchObject({ at: '2026-11-20T14:15:00.000Z', time: '09:15' });
  });
});

describe('GET /api/content/next-slot across days, weeks and zones', () => {
  const tokyo = INSTANTS.find((i) => i.zone === 'Asia/Tokyo');
  const dst = INSTANTS.find((i) => i.name.startsWith('the day DST starts'));

  it('crosses midnight and the week: Saturday evening in Tokyo with Sunday overridden empty → Monday 09:30', async () => {
    // Saturday 21 November 2026, 18:00 in Tokyo (UTC+9): Saturday's slots have passed, Sunday has none.
    const h = await startHttpHarness(
      {
        schedule: {
          timezone: 'Asia/Tokyo',
          preferred_times: ['09:30', '17:00'],
          preferred_times_override: { Sun: [] },
        },
      },
      { start: '2026-11-21T09:00:00.000Z' },
    );
    try {
      expect(await nextSlot(h)).toEqual({
        // Monday 09:30 in Tokyo, still Sunday in UTC.
        at: tokyo?.todaySlots[0],
        date: '2026-11-23',
        time: '09:30',
        timezone: 'Asia/Tokyo',
        slot_source: 'preferred',
        horizon_days: 60,
      });
    } finally {
      await h.close();
    }
  });

  it('honours the timezone on the day DST starts in New York', async () => {
    const h = await startHttpHarness(
      { schedule: { timezone: NY, preferred_times: ['09:30', '17:00'] } },
      // Saturday 13 March 2027, 18:00 EST (UTC-5).
      { start: '2027-03-13T23:00:00.000Z' },
    );
    try {
      // Sunday's 09:30 is EDT (UTC-4): 13:30 UTC, not 14:30.
      expect(await nextSlot(h)).toMatchObject({
        at: dst?.todaySlots[0],
        date: '2027-03-14',
        time: '09:30',
      });
      h.clock.set(Date.parse(dst?.at ?? ''));
      expect(await nextSlot(h)).toMatchObject({ at: dst?.todaySlots[1], time: '17:00' });
    } finally {
      await h.close();
    }
  });

  it('answers at: null when no slot is free in the next 60 days, and queue then says so with a 409', async () => {
    const none = { Mon: [], Tue: [], Wed: [], Thu: [], Fri: [], Sat: [], Sun: [] };
    const h = await startHttpHarness(
      { schedule: { timezone: NY, preferred_times_override: none } },
      { start: WED_0900 },
    );
    try {
      expect(await nextSlot(h)).toEqual({
        at: null,
        date: null,
        time: null,
        timezone: NY,
        slot_source: 'auto',
        horizon_days: 60,
      });
      const id = await newDraft(h);
      const before = footprint(h, id);
      const refused = await queue(h, id, { at: '2026-11-18T14:15:00.000Z' });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toMatchObject({ code: 'conflict', details: { current: { at: null } } });
      expect(footprint(h, id)).toEqual(before);
    } finally {
      await h.close();
    }
  });
});

describe('POST /api/content/drafts/{id}/queue', () => {
  let h: HttpHarness;
  beforeAll(async () => {
    h = await startHttpHarness({ approval_mode: false, schedule: { timezone: NY } }, { start: WED_0900 });
  });
  afterAll(() => h.close());

  it('schedules the draft at the slot as drafts.schedule does: the stored row and its posting job', async () => {
    const id = await newDraft(h, { content: 'Queued post' });
    const slot = await nextSlot(h);
    expect(slot.at).toBe('2026-11-18T14:15:00.000Z');
    const queued = await queue(h, id, { at: slot.at });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({
      status: 'scheduled',
      scheduled_for: '2026-11-18T14:15:00.000Z',
      draft: { id, status: 'scheduled', group: 'scheduled', scheduled_for: '2026-11-18T14:15:00.000Z' },
    });
    const stored = (await h.api('GET', `/api/content/drafts/${id}`)).json;
    expect(stored).toMatchObject({
      status: 'scheduled',
      scheduled_for: '2026-11-18T14:15:00.000Z',
      job_id: queued.json.job_id,
    });
    const job = (await h.api('GET', `/api/posting/jobs/${queued.json.job_id}`)).json;
    expect(job).toMatchObject({
      status: 'queued',
      draft_id: id,
      scheduled_for: '2026-11-18T14:15:00.000Z',
      payload: { cards: [{ text: 'Queued post' }] },
    });

    // The job drafts.schedule makes for the same kind of draft differs only in its ids, text and time.
    const other = await newDraft(h, { content: 'Scheduled by hand' });
    const scheduled = await schedule(h, other, '2026-12-01T10:00');
    const handJob = (await h.api('GET', `/api/posting/jobs/${scheduled.json.job_id}`)).json;
    const shape = (j: Record<string, unknown>) => {
      const { id: _id, draft_id: _d, scheduled_for: _s, payload: _p, content_hash: _h, ...rest } = j;
      return rest;
    };
    expect(shape(job)).toEqual(shape(handJob));
    expect(await nextSlot(h)).toMatchObject({ at: '2026-11-18T17:30:00.000Z' });
  });

  it('a slot taken meanwhile is a 409 with the new next free slot, and nothing changes', async () => {
    const mine = await newDraft(h, { content: 'Mine' });
    const seen = await nextSlot(h);
    expect(seen.at).toBe('2026-11-18T17:30:00.000Z');
    // Another tab schedules a draft at 12:30 while this one's confirmation is open.
    expect((await schedule(h, await newDraft(h, { content: 'Theirs' }), '2026-11-18T12:30')).status).toBe(
      202,
    );
    const before = footprint(h, mine);
    const refused = await queue(h, mine, { at: seen.at });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'conflict',
      details: {
        conflict: true,
        current: { at: '2026-11-18T22:00:00.000Z', date: '2026-11-18', time: '17:00', timezone: NY },
      },
    });
    expect(refused.json.error.message).toContain('no longer free');
    expect(footprint(h, mine)).toEqual(before);

    // A time that is no preferred slot, and a slot already gone, are refused the same way.
    for (const at of ['2026-11-18T15:00:00.000Z', '2026-11-17T17:30:00.000Z']) {
      const again = await queue(h, mine, { at });
      expect(again.status, at).toBe(409);
      expect(again.json.error.details.current.at).toBe('2026-11-18T22:00:00.000Z');
    }
    expect(footprint(h, mine)).toEqual(before);
  });

  it('two requests for one slot at once: one schedules, the other gets the next slot', async () => {
    const first = await newDraft(h, { content: 'Tab one' });
    const second = await newDraft(h, { content: 'Tab two' });
    const slot = await nextSlot(h);
    const answers = await Promise.all([queue(h, first, { at: slot.at }), queue(h, second, { at: slot.at })]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    const lost = answers.find((a) => a.status === 409);
    expect(lost?.json.error.details.current.at).toBe((await nextSlot(h)).at);
    const calendar = await h.api('GET', `/api/calendar?from=${slot.at}&to=2026-11-19T05:00:00.000Z`);
    expect(calendar.json.items.filter((i: { at: string }) => i.at === slot.at)).toHaveLength(1);

    // The same through the service itself, where both checks would otherwise run before either write.
    const deps = h.app.deps.forOperations;
    const service = { content: deps.content, slots: slotDeps(deps) };
    const third = await newDraft(h, { content: 'Tab three' });
    const fourth = await newDraft(h, { content: 'Tab four' });
    const next = (await nextSlot(h)).at as string;
    const settled = await Promise.allSettled([
      queueDraft(service, { id: third, at: next }, 'dashboard'),
      queueDraft(service, { id: fourth, at: next }, 'dashboard'),
    ]);
    expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ code: 'conflict' });
  });

  it('bad input gets the errors drafts.schedule gives for it, and nothing is written', async () => {
    const free = (await nextSlot(h)).at as string;
    const archived = await newDraft(h, { content: 'Put away' });
    expect((await h.api('POST', `/api/content/drafts/${archived}/archive`)).status).toBe(200);
    const empty = await newDraft(h, { content: '' });
    const posted = await newDraft(h, { content: 'Already out' });
    expect((await h.api('POST', `/api/content/drafts/${posted}/publish`)).status).toBe(202);
    await h.postNow();
    expect((await h.api('GET', `/api/content/drafts/${posted}`)).json.group).toBe('posted');
    const fine = await newDraft(h, { content: 'Fine' });

    const cases: Array<[string, number, object, object, number, string]> = [
      [
        'not an instant',
        fine,
        { at: 'next tuesday' },
        { scheduled_for: 'next tuesday' },
        400,
        'validation_error',
      ],
      ['no time at all', fine, {}, {}, 400, 'validation_error'],
      ['no such draft', 99_999, { at: free }, { scheduled_for: free }, 404, 'not_found'],
      ['an archived draft', archived, { at: free }, { scheduled_for: free }, 400, 'validation_error'],
      ['an empty draft', empty, { at: free }, { scheduled_for: free }, 400, 'validation_error'],
      ['a posted draft', posted, { at: free }, { scheduled_for: free }, 409, 'conflict'],
    ];
    for (const [what, id, queueBody, scheduleBody, status, code] of cases) {
      const before = footprint(h, id);
      const queued = await queue(h, id, queueBody);
      const bySchedule = await h.api('POST', `/api/content/drafts/${id}/schedule`, scheduleBody);
      expect([queued.status, queued.json.error?.code], what).toEqual([status, code]);
      expect([bySchedule.status, bySchedule.json.error?.code], `${what} (schedule)`).toEqual([status, code]);
      expect(footprint(h, id), what).toEqual(before);
    }
    expect((await h.api('GET', '/api/content/next-slot')).json.at).toBe(free);
  });
});

describe('POST /api/content/drafts/{id}/queue with approval mode on', () => {
  it('sends the draft for review at the slot, and the slot counts as taken', async () => {
    const h = await startHttpHarness(
      { approval_mode: true, schedule: { timezone: NY } },
      { start: WED_0900 },
    );
    try {
      const id = await newDraft(h, { content: 'Reviewed, then queued' });
      const queued = await queue(h, id, { at: '2026-11-18T14:15:00.000Z' });
      expect(queued.status).toBe(202);
      expect(queued.json).toMatchObject({
        status: 'queued_for_approval',
        scheduled_for: '2026-11-18T14:15:00.000Z',
      });
      const item = (await h.api('GET', `/api/approval/${queued.json.approval_id}`)).json;
      expect(item).toMatchObject({
        status: 'pending',
        draft_id: id,
        scheduled_for: '2026-11-18T14:15:00.000Z',
      });
      expect(count(h, 'posting_jobs')).toBe(0);
      expect(await nextSlot(h)).toMatchObject({ at: '2026-11-18T17:30:00.000Z' });
    } finally {
      await h.close();
    }
  });
});
