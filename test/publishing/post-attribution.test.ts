// The topic and format a compose request names travel with the post (draft → approval item → posting job)
// and are recorded on it when it goes out, so analytics' content scores can attribute its performance; a
// thread is recorded once, on its first card.
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { sqliteOf } from '../support/sqlite-of.js';

let h: HttpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const postsOf = (harness: HttpHarness) =>
  sqliteOf(harness.app.deps.database)
    .sqlite.prepare('select text, kind, topic, format, thread_position from posts order by id')
    .all();

describe('post attribution', () => {
  it('a composed post goes out with its topic and format recorded on the post', async () => {
    h = await startHttpHarness({ approval_mode: false });
    const response = await h.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Small batches ship faster.',
      topic: 'shipping',
      format: 'tip',
    });
    expect(response.status, JSON.stringify(response.json)).toBe(202);
    await h.postNow();
    expect(postsOf(h)).toEqual([
      {
        text: 'Small batches ship faster.',
        kind: 'tweet',
        topic: 'shipping',
        format: 'tip',
        thread_position: null,
      },
    ]);
  });

  it('through the approval queue: a thread keeps its topic until it is approved, then only its first card carries it', async () => {
    h = await startHttpHarness({ approval_mode: true });
    const response = await h.api('POST', '/api/content/compose', {
      content_type: 'thread',
      content: JSON.stringify(['one', 'two', 'three']),
      topic: 'queues',
      format: 'framework',
    });
    expect(response.json.status).toBe('queued_for_approval');
    const approved = await h.api('POST', `/api/approval/${response.json.approval_id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    await h.postNow();
    expect(postsOf(h)).toEqual([
      { text: 'one', kind: 'thread_card', topic: 'queues', format: 'framework', thread_position: 0 },
      { text: 'two', kind: 'thread_card', topic: null, format: null, thread_position: 1 },
      { text: 'three', kind: 'thread_card', topic: null, format: null, thread_position: 2 },
    ]);
  });

  it('without a topic nothing is attributed', async () => {
    h = await startHttpHarness({ approval_mode: false });
    await h.api('POST', '/api/content/compose', { content_type: 'tweet', content: 'plain' });
    await h.postNow();
    expect(postsOf(h)).toEqual([
      { text: 'plain', kind: 'tweet', topic: null, format: null, thread_position: null },
    ]);
  });
});
