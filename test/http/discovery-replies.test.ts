// Replying from the Discovery Feed over HTTP: compose-reply writes a reply with the fake LLM (the post's
// text in the prompt) and queues nothing; queue-reply puts the person's text in the approval queue as
// `api` after the guards (a second reply to the same post, an over-long text, a banned phrase are
// refused and queue nothing); a post that is not in the feed is 404 for both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findReplyOpportunities } from '../../src/core/services/discovery/find-reply-opportunities.js';
import { discoveryServices } from '../../src/operations/discovery/discovery-services.js';
import { type FakeLlm, startFakeLlm } from '../fakes/llm/index.js';
import { seedFreshPosts } from '../mcp/discovery-fixtures.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';

let llm: FakeLlm;
let h: HttpHarness;
let posts: ReturnType<typeof seedFreshPosts>;
beforeAll(async () => {
  llm = await startFakeLlm();
  h = await startHttpHarness({
    business: { product_name: 'Queuebird', product_keywords: ['sqlite', 'typescript'] },
    llm: { provider: 'openai', api_key: 'k', base_url: llm.openaiBaseUrl },
  });
  posts = seedFreshPosts(h);
  await findReplyOpportunities(discoveryServices(h.app.deps.forOperations), { query: 'sqlite', limit: 5 });
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
});

const pending = async () =>
  (await h.app.deps.content.approvals.list({ status: ['pending'], limit: 50, offset: 0 })).items;

describe('replying from the Discovery Feed', () => {
  it('compose-reply writes a reply for a post in the feed and queues nothing', async () => {
    llm.script.reply('A lease column and a retry count go a long way.');
    const response = await h.api('POST', `/api/discovery/${posts.rob}/compose-reply`, {});
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      tweet_id: posts.rob,
      text: 'A lease column and a retry count go a long way.',
      ready_to_queue: true,
    });
    expect(JSON.stringify(llm.calls.at(-1)?.messages)).toContain('job queue on SQLite');
    expect(await pending()).toEqual([]);
  });

  it('queue-reply puts the text in the approval queue as api; the guards refuse a second one', async () => {
    const response = await h.api('POST', `/api/discovery/${posts.rob}/queue-reply`, {
      text: 'We run one on SQLite: a jobs table with a lease column.',
    });
    expect(response.status).toBe(200);
    const items = await pending();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: (response.json as { approval_queue_id: number }).approval_queue_id,
      target_tweet_id: posts.rob,
      actor: 'api',
    });
    const again = await h.api('POST', `/api/discovery/${posts.rob}/queue-reply`, {
      text: 'And another thought.',
    });
    expect(again.status).toBe(403);
    expect(JSON.stringify(again.json)).toContain('policy_denied_hard_rule');
    expect(await pending()).toHaveLength(1);
  });

  it('an over-long text or a banned phrase is refused; nothing is queued', async () => {
    const long = await h.api('POST', `/api/discovery/${posts.maria}/queue-reply`, { text: 'x'.repeat(281) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain('tweet_too_long');
    const banned = await h.api('POST', `/api/discovery/${posts.maria}/queue-reply`, {
      text: 'You should try Queuebird, link in bio.',
    });
    expect(banned.status).toBe(403);
    expect(JSON.stringify(banned.json)).toMatch(/banned phrase/);
    expect(await pending()).toHaveLength(1);
  });

  it('a post that is not in the feed is 404 for both', async () => {
    for (const action of ['compose-reply', 'queue-reply']) {
      const response = await h.api('POST', `/api/discovery/999999/${action}`, { text: 'hello' });
      expect(response.status, action).toBe(404);
    }
  });
});
