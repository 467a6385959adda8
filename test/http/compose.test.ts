// POST /api/content/compose against every rule of the spec: forms, 400s, scheduling, approval routing,
// and media rules; a refused request leaves nothing behind.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MB } from '../../src/core/domain/media-rules.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import { writeMedia } from '../support/media-files.js';
import { sqliteOf } from '../support/sqlite-of.js';

let direct: HttpHarness;
let reviewed: HttpHarness;
beforeAll(async () => {
  direct = await startHttpHarness({ approval_mode: false, schedule: { timezone: 'Europe/Lisbon' } });
  reviewed = await startHttpHarness({ approval_mode: true });
});
afterAll(async () => {
  await direct.close();
  await reviewed.close();
});

const count = (h: HttpHarness, table: string) =>
  (sqliteOf(h.app.deps.database).sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number })
    .n;

async function expectRefused(h: HttpHarness, body: object, status: number, code: string, text?: string) {
  const before = [count(h, 'drafts'), count(h, 'posting_jobs'), count(h, 'approval_queue')];
  const response = await h.api('POST', '/api/content/compose', body);
  expect(response.status, JSON.stringify(response.json)).toBe(status);
  expect(response.json.error.code).toBe(code);
  if (text) expect(response.json.error.message).toContain(text);
  expect([count(h, 'drafts'), count(h, 'posting_jobs'), count(h, 'approval_queue')]).toEqual(before);
  return response.json;
}

const blocks = (...texts: string[]) =>
  texts.map((text, order) => ({ id: `b${order}`, text, media_paths: [], order }));

describe('compose: accepted forms', () => {
  it('a post with no schedule is queued for immediate posting', async () => {
    const response = await direct.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'Hello world',
    });
    expect(response.status).toBe(202);
    expect(response.json).toMatchObject({
      status: 'queued',
      draft_id: expect.any(Number),
      job_id: expect.any(Number),
      scheduled_for: null,
    });
  });

  it('blocks win over content; legacy arrays are accepted; block ids come back in order', async () => {
    const both = await direct.api('POST', '/api/content/compose', {
      content_type: 'thread',
      content: JSON.stringify(['ignored', 'also ignored']),
      blocks: blocks('card one', 'card two'),
    });
    expect(both.json.block_ids).toEqual(['b0', 'b1']);
    const job = await direct.api('GET', `/api/posting/jobs/${both.json.job_id}`);
    expect(job.json.payload.cards.map((c: { text: string }) => c.text)).toEqual(['card one', 'card two']);
    const legacy = await direct.api('POST', '/api/content/compose', {
      content_type: 'thread',
      content: JSON.stringify(['a', 'b', 'c']),
    });
    expect(legacy.status).toBe(202);
    expect(legacy.json.block_ids).toHaveLength(3);
    const payload = await direct.api('POST', '/api/content/compose', {
      content_type: 'thread',
      blocks: { version: 1, blocks: blocks('x', 'y') },
    });
    expect(payload.status).toBe(202);
  });

  it('scheduled_for without Z is local time in [schedule] timezone; with Z or an offset as given', async () => {
    const local = await direct.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'summer',
      scheduled_for: '2027-07-01T09:30:00',
    });
    expect(local.json).toMatchObject({ status: 'scheduled', scheduled_for: '2027-07-01T08:30:00.000Z' });
    const zulu = await direct.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'zulu',
      scheduled_for: '2027-01-10T09:30:00Z',
    });
    expect(zulu.json.scheduled_for).toBe('2027-01-10T09:30:00.000Z');
    const offset = await direct.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'offset',
      scheduled_for: '2027-01-10T09:30:00+05:30',
    });
    expect(offset.json.scheduled_for).toBe('2027-01-10T04:00:00.000Z');
  });

  it('with approval mode on, compose queues for approval (with the schedule kept for later)', async () => {
    const now = await reviewed.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'please review',
    });
    expect(now.json).toMatchObject({
      status: 'queued_for_approval',
      approval_id: expect.any(Number),
      scheduled_for: null,
    });
    const later = await reviewed.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'later',
      scheduled_for: '2027-01-10T09:30:00Z',
    });
    expect(later.json).toMatchObject({
      status: 'queued_for_approval',
      scheduled_for: '2027-01-10T09:30:00.000Z',
    });
    const item = await reviewed.api('GET', `/api/approval/${now.json.approval_id}`);
    expect(item.json).toMatchObject({
      status: 'pending',
      action_type: 'tweet',
      content: 'please review',
      draft_id: now.json.draft_id,
    });
  });

  it('composer mode forces approval even when approval_mode = false', async () => {
    const composer = await startHttpHarness({ approval_mode: false, mode: 'composer' });
    try {
      const response = await composer.api('POST', '/api/content/compose', {
        content_type: 'tweet',
        content: 'composer',
      });
      expect(response.json.status).toBe('queued_for_approval');
    } finally {
      await composer.close();
    }
  });

  it('counts weighted length: a long URL is 23, 280 fits, 281 is tweet_too_long', async () => {
    const url = `https://example.com/${'p'.repeat(200)}`;
    const withUrl = `${'a'.repeat(256)} ${url}`;
    expect(
      (await direct.api('POST', '/api/content/compose', { content_type: 'tweet', content: withUrl })).status,
    ).toBe(202);
    expect(
      (await direct.api('POST', '/api/content/compose', { content_type: 'tweet', content: 'b'.repeat(280) }))
        .status,
    ).toBe(202);
    await expectRefused(
      direct,
      { content_type: 'tweet', content: 'c'.repeat(281) },
      400,
      'tweet_too_long',
      '281',
    );
  });
});

describe('compose: refused with 400, nothing stored', () => {
  it('empty cards, single-card threads (both forms), malformed blocks', async () => {
    await expectRefused(
      direct,
      { content_type: 'thread', blocks: blocks('one', '  ') },
      400,
      'validation_error',
      'card 2',
    );
    await expectRefused(
      direct,
      { content_type: 'thread', blocks: blocks('only one') },
      400,
      'validation_error',
      'at least 2 cards',
    );
    await expectRefused(
      direct,
      { content_type: 'thread', content: JSON.stringify(['only one']) },
      400,
      'validation_error',
      'at least 2 cards',
    );
    await expectRefused(
      direct,
      { content_type: 'thread', blocks: [{ id: 'a', text: 1, order: 0 }] },
      400,
      'validation_error',
      'blocks[0].text',
    );
    await expectRefused(direct, { content_type: 'thread', blocks: 'nope' }, 400, 'validation_error');
    await expectRefused(direct, { content_type: 'thread', content: '{not json' }, 400, 'validation_error');
    await expectRefused(
      direct,
      {
        content_type: 'thread',
        blocks: [
          { id: 'x', text: 'a', media_paths: [], order: 0 },
          { id: 'x', text: 'b', media_paths: [], order: 1 },
        ],
      },
      400,
      'validation_error',
      'is used by cards 1, 2',
    );
    await expectRefused(
      direct,
      { content_type: 'thread', blocks: blocks('ok', 'd'.repeat(281)) },
      400,
      'tweet_too_long',
      'card 2',
    );
  });

  it('a bad or past schedule, an unknown content type, missing content', async () => {
    await expectRefused(
      direct,
      { content_type: 'tweet', content: 'x', scheduled_for: '2020-01-01T00:00:00Z' },
      400,
      'validation_error',
      'past',
    );
    await expectRefused(
      direct,
      { content_type: 'tweet', content: 'x', scheduled_for: 'tomorrow-ish' },
      400,
      'validation_error',
      'scheduled_for',
    );
    await expectRefused(
      direct,
      { content_type: 'poem', content: 'x' },
      400,
      'validation_error',
      'content_type',
    );
    await expectRefused(direct, { content_type: 'tweet' }, 400, 'validation_error', 'content');
    await expectRefused(direct, { content_type: 'tweet', content: '   ' }, 400, 'validation_error');
  });

  it('media rules: unknown paths, more than 4 images, GIF or video with anything else, per card', async () => {
    const upload = async (name: string, kind: 'png' | 'gif' | 'mp4', size?: number) => {
      const file = writeMedia(`${direct.home.dir}/${name}`, kind, size);
      const form = new FormData();
      form.set('file', new Blob([await import('node:fs').then((fs) => fs.readFileSync(file))]), name);
      const response = await direct.server.inject({
        method: 'POST',
        url: '/api/media/upload',
        headers: { host: 'localhost', authorization: `Bearer ${direct.token}` },
        payload: form,
      });
      expect(response.statusCode).toBe(201);
      return response.json().path as string;
    };
    const images = await Promise.all([1, 2, 3, 4, 5].map((i) => upload(`i${i}.png`, 'png')));
    const gif = await upload('a.gif', 'gif', MB);
    await expectRefused(
      direct,
      { content_type: 'tweet', content: 'x', media_paths: ['/etc/passwd'] },
      400,
      'validation_error',
      'unknown',
    );
    const five = await direct.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'x',
      media_paths: images,
    });
    expect(five.status).toBe(400);
    await expectRefused(
      direct,
      { content_type: 'tweet', content: 'x', media_paths: [gif, images[0]] },
      400,
      'validation_error',
      'only media',
    );
    await expectRefused(
      direct,
      { content_type: 'tweet', content: 'x', media_paths: [images[0], gif] },
      400,
      'validation_error',
    );
    await expectRefused(
      direct,
      {
        content_type: 'thread',
        blocks: [
          { id: 'a', text: 'a', media_paths: [gif, images[1]], order: 0 },
          { id: 'b', text: 'b', media_paths: [], order: 1 },
        ],
      },
      400,
      'validation_error',
      'card 1',
    );
    await expectRefused(
      direct,
      { content_type: 'thread', content: JSON.stringify(['a', 'b']), media_paths: [images[0]] },
      400,
      'validation_error',
      'per card',
    );
    const ok = await direct.api('POST', '/api/content/compose', {
      content_type: 'tweet',
      content: 'four images',
      media_paths: images.slice(0, 4),
    });
    expect(ok.status).toBe(202);
  });
});

describe('guards at compose time', () => {
  beforeEach(() => direct.fake.faults.clear());
  it('a banned phrase is refused with policy_denied_hard_rule and nothing is queued', async () => {
    await expectRefused(
      direct,
      { content_type: 'tweet', content: 'You should Check Out our tool' },
      403,
      'policy_denied_hard_rule',
      'check out',
    );
  });
});
