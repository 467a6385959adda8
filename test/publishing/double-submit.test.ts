// A double (or sextuple) submit cannot post twice or stop publishing. Six identical composes, at once, give
// one job and one post: the other five answer `duplicate` with the first one's ids and leave no draft. A
// repeat of a post that went out minutes ago is collapsed too; after that window it is queued, the platform
// refuses it as duplicate content (403), that one post fails, the circuit breaker stays closed, and an
// unrelated post goes out on the next pass. The built server does the same within seconds.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { type HttpHarness, startHttpHarness } from '../support/http-harness.js';
import {
  apiClient,
  killHard,
  prepareFakeHome,
  type ServeProcess,
  serve,
  untilPosted,
} from '../support/serve-process.js';
import { sqliteOf } from '../support/sqlite-of.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

const compose = (content: string) => ({ content_type: 'tweet', content });

describe('identical composes in the service', () => {
  let h: HttpHarness;
  afterEach(() => h?.close());
  const posted = (text: string) => h.fake.state.tweetsNewestFirst().filter((t) => t.text === text);

  it('six at once: one job, one post; the five others answer duplicate with its ids and leave no draft', async () => {
    h = await startHttpHarness({ approval_mode: false });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.api('POST', '/api/content/compose', compose('Launching today'))),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 202]);
    const first = answers.find((a) => a.json.status === 'queued')?.json;
    expect(answers.filter((a) => a.json.status === 'queued')).toHaveLength(1);
    for (const answer of answers.filter((a) => a.json.status === 'duplicate')) {
      expect(answer.json).toMatchObject({ draft_id: first.draft_id, job_id: first.job_id });
      expect(answer.json.message).toBe(
        `the same post is already waiting to go out (job ${first.job_id}, draft ${first.draft_id}); it is posted once`,
      );
    }
    expect(sqliteOf(h.app.deps.database).sqlite.prepare('select id from drafts').pluck().all()).toEqual([
      first.draft_id,
    ]);
    await h.postNow();
    expect(posted('Launching today')).toHaveLength(1);
    // Trailing spaces or another Unicode spelling are the same post.
    const again = await h.api('POST', '/api/content/compose', compose('Launching today  '));
    expect(again.json).toMatchObject({ status: 'duplicate', job_id: first.job_id });
    expect(again.json.message).toMatch(/went out a moment ago/);
  });

  it('after five minutes it is queued; the platform refuses the duplicate, the breaker stays closed, the next post goes', async () => {
    h = await startHttpHarness({ approval_mode: false, circuit_breaker: { error_threshold: 2 } });
    const first = await h.api('POST', '/api/content/compose', compose('Weekly notes are up'));
    await h.postNow();
    h.clock.advance(6 * 60_000);
    for (let i = 0; i < 3; i++) {
      const repeat = await h.api('POST', '/api/content/compose', compose('Weekly notes are up'));
      expect(repeat.json.status).toBe('queued');
      expect(repeat.json.job_id).not.toBe(first.json.job_id);
      const [job] = await h.postNow();
      expect(job).toMatchObject({ status: 'failed', last_error_code: 'social_forbidden' });
      expect(job?.last_error).toMatch(/duplicate content/);
    }
    expect(h.app.deps.social.breaker.snapshot()).toMatchObject({ state: 'closed' });
    await h.api('POST', '/api/content/compose', compose('Something else entirely'));
    await h.postNow();
    expect(posted('Something else entirely')).toHaveLength(1);
    expect(posted('Weekly notes are up')).toHaveLength(1);
  });
});

describe('identical composes on the built server', () => {
  let fake: FakeSocial;
  let home: TempHome;
  let server: ServeProcess;
  beforeAll(async () => {
    fake = await startFakeSocial();
    home = createTempHome();
    prepareFakeHome(home, fake);
    server = await serve(home.env);
  }, 30_000);
  afterAll(async () => {
    if (server) await killHard(server);
    await fake?.close();
    home?.cleanup();
  });

  it('six in a row reach the platform once, and an unrelated post still goes out', async () => {
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${server.url}/api/content/compose`, {
        method: 'POST',
        headers,
        body: JSON.stringify(compose('Six clicks, one post')),
      });
      statuses.push(((await response.json()) as { status: string }).status);
    }
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(5);
    const api = apiClient(home);
    const other = await api.compose(server.url, { content_type: 'tweet', content: 'An unrelated post' });
    await untilPosted(server.url, api, other, 10_000);
    expect(fake.state.tweetsNewestFirst().filter((t) => t.text === 'Six clicks, one post')).toHaveLength(1);
  });
});
