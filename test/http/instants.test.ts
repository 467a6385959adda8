// Scheduling at the instants where "today" is easy to get wrong (test/support/instants.ts): the last evening
// of a month (already the next day in UTC), the first morning of a month and year, a DST change day, and a
// Monday just after midnight in Tokyo (still Sunday in UTC). At each: a local time without a zone is read in
// the account's timezone; the 5-minute grace for a time just gone; today's preferred slots; the daily and
// weekly caps count the local calendar day and the local week from Monday, in what /api/limits reports and
// in what the guards let an agent do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyticsSeed } from '../support/analytics-seed.js';
import { connectTools, type ToolClient } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { INSTANTS } from '../support/instants.js';

describe.each(INSTANTS)('at $name', (instant) => {
  let h: HttpHarness;
  let tools: ToolClient;
  // A service of its own for each test: what one test posts must not count in another's caps.
  beforeEach(async () => {
    h = await startHttpHarness(
      {
        approval_mode: false,
        schedule: {
          timezone: instant.zone,
          preferred_times: ['09:30', '17:00'],
          // Agents are bound by active hours; open all day so only the caps decide.
          active_hours_start: 0,
          active_hours_end: 0,
        },
        limits: { max_tweets_per_day: 1, max_threads_per_week: 1 },
        mcp_policy: { require_approval_for: [] },
      },
      { start: instant.at },
    );
    tools = await connectTools(h.app);
  });
  afterEach(async () => {
    await tools?.close();
    await h?.close();
  });

  const scheduledOf = async (draftId: number) =>
    (await h.api('GET', `/api/content/drafts/${draftId}`)).json.scheduled_for as string;

  it("reads a local time in the account's timezone: tomorrow 17:00, and today 17:00 when it is ahead", async () => {
    const tomorrow = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: `Tomorrow at five (${instant.zone})`,
      scheduled_for: `${instant.tomorrow.date}T17:00`,
    });
    expect(tomorrow.status).toBe(202);
    expect(await scheduledOf(tomorrow.json.draft_id)).toBe(instant.tomorrow17);
    const today = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Today at five',
      scheduled_for: `${instant.today.date}T17:00`,
    });
    if (Date.parse(instant.today17) > Date.parse(instant.at)) {
      expect(today.status).toBe(202);
      expect(await scheduledOf(today.json.draft_id)).toBe(instant.today17);
    } else {
      expect(today.status).toBe(400);
      expect(today.json.error.message).toMatch(/past/);
    }
  });

  it('gives a time four minutes gone the 5-minute grace and refuses one six minutes gone', async () => {
    const grace = await h.api('POST', '/api/content/drafts', { content: 'Just now' });
    const kept = await h.api('POST', `/api/content/drafts/${grace.json.id}/schedule`, {
      scheduled_for: instant.fourMinutesAgo,
    });
    expect(kept.status).toBe(202);
    expect(await scheduledOf(grace.json.id)).toBe(
      new Date(Date.parse(instant.at) - 4 * 60_000).toISOString(),
    );
    const late = await h.api('POST', '/api/content/drafts', { content: 'Too late' });
    const refused = await h.api('POST', `/api/content/drafts/${late.json.id}/schedule`, {
      scheduled_for: instant.sixMinutesAgo,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'validation_error' });
    expect(await scheduledOf(late.json.id)).toBeNull();
  });

  it("lists today's preferred slots at their instants, the ones gone marked as such", async () => {
    const day = await h.api(
      'GET',
      `/api/calendar?from=${instant.todaySlots[0].slice(0, 10)}T00:00:00.000Z&to=${instant.tomorrow17}`,
    );
    expect(day.status).toBe(200);
    const today = (day.json.slots as Array<{ date: string; time: string; at: string }>).filter(
      (slot) => slot.date === instant.today.date,
    );
    expect(today.map((slot) => [slot.time, slot.at])).toEqual([
      ['09:30', instant.todaySlots[0]],
      ['17:00', instant.todaySlots[1]],
    ]);
  });

  it('counts the local calendar day and the local week from Monday, in the limits and in what an agent may do', async () => {
    const seed = analyticsSeed(h.app.deps.database);
    await seed.post('tweet', 'late-yesterday', instant.yesterdayLate);
    await seed.post('thread_card', 'late-last-week', instant.lastWeekLate, { thread_position: 0 });
    const used = async () => {
      const limits = (await h.api('GET', '/api/limits')).json.limits as Array<{ key: string; used: number }>;
      return Object.fromEntries(limits.map((limit) => [limit.key, limit.used]));
    };
    // Yesterday's post and last week's thread use none of today's or this week's caps.
    expect(await used()).toMatchObject({ tweets_per_day: 0, threads_per_week: 0 });
    const first = await tools.call('social_post_tweet', { text: `First of the day, ${instant.today.name}` });
    expect(first.success, JSON.stringify(first.error)).toBe(true);
    await h.postNow();
    await seed.post('thread_card', 'early-this-week', instant.weekEarly, { thread_position: 0 });
    expect(await used()).toMatchObject({ tweets_per_day: 1, threads_per_week: 1 });
    // The daily cap (1) is reached in the local day: a second post is refused.
    const second = await tools.call('social_post_tweet', { text: 'Second of the day' });
    expect(second.error).toMatchObject({ code: 'policy_denied_hard_rule', policy_decision: 'denied' });
  });
});
