// POST /api/posting/jobs/{id}/reschedule over real SQLite and the fake platform, in America/New_York around the
// March 2027 DST change: a job moves in one call (its draft with it), keeps its wall-clock time across the change,
// is refused once started, posted or cancelled and for a past time, is audited with its actor, and the posting
// worker posts it at the new time, never the old (also when the worker read it just before it moved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingJob } from '../../src/contracts/posting.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness;
// Monday 8 March 2027, 12:00 in New York (EST): DST starts on Sunday the 14th.
const START = '2027-03-08T17:00:00.000Z';
beforeAll(async () => {
  h = await startHttpHarness(
    { approval_mode: false, schedule: { timezone: 'America/New_York' } },
    { start: START },
  );
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const reschedule = (id: number, scheduled_for: string) =>
  h.api('POST', `/api/posting/jobs/${id}/reschedule`, { scheduled_for });
const job = async (id: number) => (await h.api('GET', `/api/posting/jobs/${id}`)).json;
const postedTexts = () => [...h.fake.state.tweets.values()].map((t) => t.text);

/** A post a loop queued for `at` (a UTC instant): a posting job with no draft. */
async function loopJob(text: string, at: string): Promise<number> {
  const made = await h.app.deps.content.posting.createJob(
    {
      kind: 'tweet',
      payload: { cards: [{ text, media_paths: [] }] },
      scheduled_for: at,
      origin_type: 'loop',
      actor: 'loop:content',
    },
    new Date(h.clock.now()),
  );
  return made.id;
}

async function stored(id: number): Promise<PostingJob> {
  const found = await h.app.deps.content.posting.getJob(id);
  if (!found) throw new Error(`job ${id} is not stored`);
  return found;
}

async function composed(text: string, local: string): Promise<{ job_id: number; draft_id: number }> {
  const response = await h.api('POST', '/api/content/compose', {
    content_type: 'tweet',
    content: text,
    scheduled_for: local,
  });
  expect(response.status, JSON.stringify(response.json)).toBe(202);
  return response.json;
}

describe('posting.reschedule', () => {
  it('moves a post scheduled through compose to another day at the same local time, its draft with it, audited', async () => {
    const { job_id, draft_id } = await composed('Composed for Wednesday', '2027-03-10T09:30');
    expect((await job(job_id)).scheduled_for).toBe('2027-03-10T14:30:00.000Z');

    const moved = await reschedule(job_id, '2027-03-11T09:30');
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json).toMatchObject({
      id: job_id,
      status: 'queued',
      scheduled_for: '2027-03-11T14:30:00.000Z',
    });
    expect(await job(job_id)).toMatchObject({ scheduled_for: '2027-03-11T14:30:00.000Z', status: 'queued' });
    const draft = (await h.api('GET', `/api/content/drafts/${draft_id}`)).json;
    expect(draft).toMatchObject({ status: 'scheduled', scheduled_for: '2027-03-11T14:30:00.000Z' });

    // The calendar shows it once, on its new day.
    const calendar = await h.api('GET', '/api/calendar?from=2027-03-08T05:00:00Z&to=2027-03-15T04:00:00Z');
    const shown = calendar.json.items.filter(
      (i: { preview: string }) => i.preview === 'Composed for Wednesday',
    );
    expect(shown).toEqual([expect.objectContaining({ at: '2027-03-11T14:30:00.000Z' })]);

    const audited = sqliteOf(h.app.deps.database)
      .sqlite.prepare("select actor, face from mutation_audit where tool_name = 'posting.reschedule'")
      .all();
    expect(audited).toEqual([{ actor: 'api', face: 'http' }]);
  });

  it("a loop's job moved across the DST change keeps its wall-clock time", async () => {
    // Friday 12 March 09:30 EST (UTC-5) → Tuesday 16 March 09:30 EDT (UTC-4).
    const id = await loopJob('Loop post before the change', '2027-03-12T14:30:00.000Z');
    const calendar = await h.api('GET', '/api/calendar?from=2027-03-08T05:00:00Z&to=2027-03-22T04:00:00Z');
    const shown = calendar.json.items.find((i: { key: string }) => i.key === `job:${id}`);
    expect(shown).toMatchObject({ kind: 'job', status: 'queued', movable: true });
    const moved = await reschedule(id, '2027-03-16T09:30');
    expect(moved.status).toBe(200);
    expect(moved.json.scheduled_for).toBe('2027-03-16T13:30:00.000Z');
    // An explicit offset is taken as given.
    const back = await reschedule(id, '2027-03-12T09:30:00-05:00');
    expect(back.json.scheduled_for).toBe('2027-03-12T14:30:00.000Z');
    expect((await job(id)).draft_id).toBeNull();
  });

  it('refuses a past time with the reason and leaves the job where it was', async () => {
    const id = await loopJob('Stays put', '2027-03-09T15:00:00.000Z');
    const refused = await reschedule(id, '2027-03-08T09:00');
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('validation_error');
    expect(refused.json.error.message).toBe('scheduled_for: scheduled_for is in the past');
    const garbled = await reschedule(id, 'next tuesday');
    expect(garbled.status).toBe(400);
    expect(garbled.json.error.message).toContain('is not an ISO 8601 date-time');
    expect((await job(id)).scheduled_for).toBe('2027-03-09T15:00:00.000Z');
    expect((await reschedule(999_999, '2027-03-10T09:00')).status).toBe(404);
  });

  it('refuses a job the worker took, one already posted and one cancelled (409 conflict), unchanged', async () => {
    const { posting } = h.app.deps.content;
    const now = () => new Date(h.clock.now());

    const started = await loopJob('Being posted', '2027-03-10T15:00:00.000Z');
    const claimed = await posting.claimJob(await stored(started), 'other-host:1:x', now());
    expect(claimed?.status).toBe('in_progress');

    const posted = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Out already',
    });
    await h.postNow();
    expect((await job(posted.json.job_id)).status).toBe('posted');

    const cancelled = await loopJob('Called off', '2027-03-10T16:00:00.000Z');
    expect(await posting.cancelJob(cancelled, now())).toBe(true);

    // The calendar offers no handle for the job being posted (nor the one in doubt: the same test).
    const calendar = await h.api('GET', '/api/calendar?from=2027-03-08T05:00:00Z&to=2027-03-15T04:00:00Z');
    const item = (id: number) => calendar.json.items.find((i: { key: string }) => i.key === `job:${id}`);
    expect(item(started)).toMatchObject({ status: 'in_progress', movable: false });

    for (const [id, status] of [
      [started, 'in_progress'],
      [posted.json.job_id as number, 'posted'],
      [cancelled, 'cancelled'],
    ] as const) {
      const before = await job(id);
      const refused = await reschedule(id, '2027-03-20T09:30');
      expect(refused.status, `job ${id}`).toBe(409);
      expect(refused.json.error.code).toBe('conflict');
      expect(refused.json.error.message).toContain('can no longer be moved');
      expect(await job(id)).toMatchObject({ status, scheduled_for: before.scheduled_for });
    }
  });

  it('refuses a queued job whose first card may already be on the platform (an open outbox row)', async () => {
    const { posting } = h.app.deps.content;
    const id = await loopJob('In doubt', '2027-03-10T17:00:00.000Z');
    await posting.openOutboxRow(id, 0, { text: 'In doubt', media_paths: [] }, new Date(h.clock.now()));
    const refused = await reschedule(id, '2027-03-20T09:30');
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('may already have reached the platform');
    expect((await job(id)).scheduled_for).toBe('2027-03-10T17:00:00.000Z');
    const calendar = await h.api('GET', '/api/calendar?from=2027-03-08T05:00:00Z&to=2027-03-15T04:00:00Z');
    const items = calendar.json.items.filter((i: { key: string }) => i.key === `job:${id}`);
    expect(items).toEqual([expect.objectContaining({ status: 'queued', movable: false })]);
  });

  it('the posting worker posts a moved job at its new time, not its old one', async () => {
    const base = h.clock.now();
    const oldAt = new Date(base + 2 * HOUR).toISOString();
    const id = await loopJob('Moved later', oldAt);
    // 19:00 local on the same day is five hours after the clock's 14:00.
    const moved = await reschedule(id, '2027-03-08T19:00');
    expect(moved.json.scheduled_for).toBe('2027-03-09T00:00:00.000Z');

    h.clock.advance(2 * HOUR + 60_000);
    await h.postNow();
    expect(postedTexts()).not.toContain('Moved later');
    expect((await job(id)).status).toBe('queued');

    h.clock.set(Date.parse('2027-03-09T00:00:00.000Z'));
    await h.postNow();
    expect(postedTexts()).toContain('Moved later');
    expect((await job(id)).status).toBe('posted');
  });

  it('a job the worker read just before it moved is not claimed with its old time', async () => {
    const { posting } = h.app.deps.content;
    const id = await loopJob('Read then moved', new Date(h.clock.now() - 60_000).toISOString());
    const seen = (await posting.dueJobs(new Date(h.clock.now()), 50)).find((j) => j.id === id);
    if (!seen) throw new Error('the worker should see the due job');
    expect(seen.status).toBe('queued');

    const later = new Date(h.clock.now() + 6 * HOUR);
    expect(await posting.rescheduleJob(id, later, new Date(h.clock.now()))).toBe(true);
    // The worker's claim of the job as it read it finds nothing to take; the next pass leaves it waiting.
    expect(await posting.claimJob(seen, 'this-host:1:y', new Date(h.clock.now()))).toBeUndefined();
    await h.postNow();
    expect(postedTexts()).not.toContain('Read then moved');
    expect(await job(id)).toMatchObject({ status: 'queued', scheduled_for: later.toISOString() });
  });
});
