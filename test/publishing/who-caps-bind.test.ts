// Which rules apply to whom: the automation caps bind agents and loops (at queue, approval and posting
// time), never a person's own posts; banned phrases bind everyone. One app, driven over HTTP by a person
// and through the tool server by an agent, against the fake platform.
import { afterEach, describe, expect, it } from 'vitest';
import { addTweet } from '../../src/infra/sandbox/social/factory.js';
import { connectTools, type ToolClient } from '../support/app-harness.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

let h: HttpHarness | undefined;
let tools: ToolClient | undefined;
afterEach(async () => {
  await tools?.close();
  await h?.close();
  h = undefined;
  tools = undefined;
});

const SEEDED = new Set<string>();
const posted = (harness: HttpHarness) =>
  [...harness.fake.state.tweets.values()].filter((t) => t.authorId === '1000' && !SEEDED.has(t.id));
const start = async (config: Parameters<typeof startHttpHarness>[0]) => {
  const harness = await startHttpHarness(config);
  SEEDED.clear();
  for (const t of harness.fake.state.tweets.values()) SEEDED.add(t.id);
  return harness;
};

describe('the automation caps bind agents and loops, not people', () => {
  it('a person composes 7 posts and 2 threads in a day with approval off: all are posted', async () => {
    h = await start({ approval_mode: false }); // caps: 6 posts a day, 1 thread a week
    for (let i = 1; i <= 7; i++) {
      const r = await h.api('POST', '/api/content/compose', {
        content_type: 'tweet',
        content: `my post ${i}`,
      });
      expect(r.status, JSON.stringify(r.json)).toBe(202);
    }
    for (const topic of ['alpha', 'beta']) {
      const r = await h.api('POST', '/api/content/compose', {
        content_type: 'thread',
        content: JSON.stringify([`${topic} one`, `${topic} two`]),
      });
      expect(r.status, JSON.stringify(r.json)).toBe(202);
    }
    const jobs = await h.postNow();
    expect(jobs.map((j) => j.status)).toEqual(Array(9).fill('posted'));
    expect(posted(h)).toHaveLength(7 + 4);
    // A banned phrase still stops a person.
    const banned = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'check out this',
    });
    expect(banned.status).toBe(403);
    expect(banned.json.error.code).toBe('policy_denied_hard_rule');
  });

  it("an agent's 7th post of the day is refused with policy_denied_hard_rule; a person's posts used none of it", async () => {
    h = await start({
      approval_mode: false,
      mcp_policy: { require_approval_for: [], max_mutations_per_hour: 100 },
    });
    tools = await connectTools(h.app, 'write');
    for (let i = 1; i <= 3; i++) {
      await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: `person ${i}` });
    }
    await h.postNow();
    for (let i = 1; i <= 6; i++) {
      const r = await tools.call('social_post_tweet', { text: `agent post ${i}` });
      expect(r.success, JSON.stringify(r.error)).toBe(true);
    }
    const seventh = await tools.call('social_post_tweet', { text: 'agent post 7' });
    expect(seventh.error).toMatchObject({ code: 'policy_denied_hard_rule', policy_decision: 'denied' });
    expect(seventh.error?.message).toContain('daily post cap reached (6/6)');
    expect(posted(h).filter((t) => t.text.startsWith('agent post'))).toHaveLength(6);
    // The person can still post.
    await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: 'person after the cap' });
    expect((await h.postNow()).map((j) => j.status)).toEqual(['posted']);
  });

  it('a reply a loop proposed, approved by a person, still counts against the reply cap', async () => {
    h = await start({ approval_mode: true, limits: { max_replies_per_day: 2 } });
    const harness = h;
    const store = harness.app.deps.content.approvals;
    const at = harness.app.deps.clock.now();
    const items = [];
    const answers = [
      'Ship it behind a flag first.',
      'We write the changelog before the code.',
      'Docs are the demo.',
    ];
    for (let i = 1; i <= 3; i++) {
      const target = addTweet(harness.fake.state, { authorId: `100${i}`, text: `question ${i}` });
      items.push(
        await store.create(
          {
            action_type: 'reply',
            payload: {
              cards: [{ text: answers[i - 1] ?? '', media_paths: [] }],
              in_reply_to_tweet_id: target.id,
              target_author_id: `100${i}`,
            },
            actor: 'loop:discovery',
          },
          at,
        ),
      );
    }
    for (const item of items.slice(0, 2)) {
      const approved = await harness.api('POST', `/api/approval/${item.id}/approve`);
      expect(approved.status, JSON.stringify(approved.json)).toBe(200);
      // The job stays the loop's: it is what the caps count.
      expect((await harness.api('GET', `/api/posting/jobs/${approved.json.job_id}`)).json.actor).toBe(
        'loop:discovery',
      );
    }
    const jobs = await harness.postNow();
    expect(jobs.map((j) => [j.status, j.last_error])).toEqual([
      ['posted', null],
      ['posted', null],
    ]);
    const third = await harness.api('POST', `/api/approval/${items[2]?.id}/approve`);
    expect(third.status).toBe(403);
    expect(third.json.error).toMatchObject({ code: 'policy_denied_hard_rule' });
    expect(third.json.error.message).toContain('daily reply cap reached (2/2)');
  });
});
