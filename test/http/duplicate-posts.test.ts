// No duplicate posts (issue 25, item 5): a post that repeats, or nearly repeats, one of the account posted in
// the last 30 days or waiting to go out. A person's compose, schedule, publish or approval is answered with a
// warning naming the earlier post and still goes out; an agent's or a loop's is refused with
// policy_denied_hard_rule before a slot or a platform call is spent, and an autonomous post scheduled before
// a person posted the same text is refused when its time comes.
import { afterEach, describe, expect, it } from 'vitest';
import { loopActor } from '../../src/contracts/actor.js';
import { connectTools, type ToolClient } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

const TEN_DAYS_AGO = '2026-11-12T12:00:00.000Z';
const EARLIER = 'Shipping the new calendar view today for every account';
// One word swapped: 8 of 10 distinct words shared (Jaccard 0.8), and different to the platform.
const NEAR = 'Shipping the new calendar view today for every user';

let h: HttpHarness;
let tools: ToolClient | undefined;
afterEach(async () => {
  await tools?.close();
  tools = undefined;
  await h?.close();
});

const texts = () => h.fake.state.tweetsNewestFirst().map((t) => t.text);
const count = (table: string) =>
  (sqliteOf(h.app.deps.database).sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number })
    .n;

/**
 * A post of the account that went out ten days ago: posted now, then dated back in the record (moving the
 * clock ten days would outlive the fake platform's login). Its platform id.
 */
async function postedTenDaysAgo(text = EARLIER): Promise<string> {
  const first = await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: text });
  expect(first.status).toBe(202);
  const [job] = await h.postNow();
  expect(job?.status).toBe('posted');
  const id = job?.posted_tweet_ids[0] as string;
  sqliteOf(h.app.deps.database)
    .sqlite.prepare('update posts set posted_at = ? where tweet_id = ?')
    .run(TEN_DAYS_AGO, id);
  return id;
}

describe('no duplicate posts', () => {
  it("a person's near-duplicate of a 10-day-old post is posted, with a warning naming the earlier post", async () => {
    h = await startHttpHarness({ approval_mode: false });
    const earlierId = await postedTenDaysAgo();
    const answer = await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: NEAR });
    expect(answer.status).toBe(202);
    expect(answer.json).toMatchObject({ status: 'queued', job_id: expect.any(Number) });
    expect(answer.json.warnings).toEqual([
      {
        code: 'similar_post',
        message: `nearly repeats post ${earlierId} of 2026-11-12: "${EARLIER}"`,
        earlier: {
          tweet_id: earlierId,
          job_id: expect.any(Number),
          draft_id: expect.any(Number),
          text: EARLIER,
          posted_at: TEN_DAYS_AGO,
        },
      },
    ]);
    await h.postNow();
    expect(texts()).toContain(NEAR);
    // A post unlike any other carries no warnings field at all.
    const other = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'A note about pricing, nothing like the launch',
    });
    expect(other.json).not.toHaveProperty('warnings');
  });

  it("an agent's compose_tweet of the same is refused with policy_denied_hard_rule; nothing reaches the platform", async () => {
    h = await startHttpHarness({ approval_mode: false });
    const earlierId = await postedTenDaysAgo();
    tools = await connectTools(h.app, 'write');
    const before = [count('drafts'), count('posting_jobs'), count('approval_queue')];
    const refused = await tools.call('compose_tweet', { content: NEAR });
    expect(refused.success).toBe(false);
    expect(refused.error).toMatchObject({ code: 'policy_denied_hard_rule' });
    expect(refused.error?.message).toBe(
      `refused by a safety rule: nearly repeats post ${earlierId} of 2026-11-12: "${EARLIER}"`,
    );
    await h.postNow();
    expect(texts()).not.toContain(NEAR);
    expect([count('drafts'), count('posting_jobs'), count('approval_queue')]).toEqual(before);
    // The platform action too, and a loop's compose: the same guard.
    const direct = await tools.call('social_post_tweet', { text: EARLIER });
    expect(direct.error).toMatchObject({ code: 'policy_denied_hard_rule' });
    const loop = await h.app.deps.forLoops.actions.compose(loopActor('content'), {
      kind: 'tweet',
      texts: [NEAR],
      topic: 'launch',
      format: 'tip',
      provenance: [],
    });
    expect(loop).toEqual({
      outcome: 'refused',
      reason: `refused by a safety rule: nearly repeats post ${earlierId} of 2026-11-12: "${EARLIER}"`,
    });
    expect(texts().filter((t) => t === EARLIER || t === NEAR)).toEqual([EARLIER]);
  });

  it('an identical compose within five minutes still collapses into the first (status duplicate), for an agent too', async () => {
    h = await startHttpHarness({ approval_mode: false });
    tools = await connectTools(h.app, 'write');
    const first = await tools.call('compose_tweet', { content: EARLIER });
    await h.postNow();
    h.clock.advance(60_000);
    const again = await tools.call('compose_tweet', { content: EARLIER });
    expect(again.data).toMatchObject({ status: 'duplicate', job_id: first.data.job_id });
    const person = await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: EARLIER });
    expect(person.json).toMatchObject({ status: 'duplicate', job_id: first.data.job_id });
    expect(person.json).not.toHaveProperty('warnings');
  });

  it('scheduling a draft, and approving an item, of a person carry the warning naming a waiting post', async () => {
    h = await startHttpHarness({ approval_mode: true });
    const earlier = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: EARLIER,
      scheduled_for: '2026-11-30T09:00:00Z',
    });
    await h.api('POST', `/api/approval/${earlier.json.approval_id}/approve`, {});
    const job = (await h.api('GET', `/api/content/drafts/${earlier.json.draft_id}`)).json.job_id;
    const draft = await h.api('POST', '/api/content/drafts', { content_type: 'tweet', content: NEAR });
    expect(draft.status).toBe(201);
    const scheduled = await h.api('POST', `/api/content/drafts/${draft.json.id}/schedule`, {
      scheduled_for: '2026-12-01T09:00:00Z',
    });
    expect(scheduled.status).toBe(202);
    const named = `nearly repeats the post of job ${job} (draft ${earlier.json.draft_id}), scheduled for 2026-11-30T09:00:00.000Z: "${EARLIER}"`;
    expect(scheduled.json).toMatchObject({
      status: 'queued_for_approval',
      warnings: [{ code: 'similar_post', message: named, earlier: { job_id: job } }],
    });
    const approved = await h.api('POST', `/api/approval/${scheduled.json.approval_id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({
      item: { status: 'approved' },
      job_id: expect.any(Number),
      warnings: [{ code: 'similar_post', message: named }],
    });
  });

  it("an agent's post scheduled before a person posted the same text is refused when its time comes", async () => {
    h = await startHttpHarness({ approval_mode: false });
    tools = await connectTools(h.app, 'write');
    const agent = await tools.call('compose_tweet', {
      content: EARLIER,
      scheduled_for: '2026-11-23T12:00:00Z',
    });
    expect(agent.data).toMatchObject({ status: 'scheduled' });
    h.clock.advance(60 * 60_000);
    const person = await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: NEAR });
    expect(person.json.warnings?.[0]?.earlier).toMatchObject({ job_id: agent.data.job_id });
    await h.postNow();
    h.clock.set(Date.parse('2026-11-23T12:00:00Z'));
    const [job] = await h.postNow();
    expect(job).toMatchObject({
      id: agent.data.job_id,
      status: 'failed',
      last_error_code: 'policy_denied_hard_rule',
    });
    expect(job?.last_error).toMatch(/nearly repeats post \d+ of 2026-11-22/);
    expect(texts().filter((t) => t === EARLIER || t === NEAR)).toEqual([NEAR]);
  });
});
