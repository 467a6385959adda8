// A config change reaches every process on a real Postgres (issue 28 item 4): an `app serve --no-workers`
// API node and an `app worker` on one database, one config file. A banned phrase added by editing the file
// is applied by both without a restart: the API node refuses a new post with it, and the worker refuses, at
// its time, a scheduled post that was accepted before the change (while the post beside it goes out).
import { appendFileSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeSocial, startFakeSocial } from '../../src/infra/sandbox/social/index.js';
import { preparePostgresHome } from '../support/postgres-home.js';
import { killHard, type ServeProcess, serve, until, worker } from '../support/serve-process.js';
import { freshPostgres } from '../support/stores.js';
import { createTempHome, type TempHome } from '../support/temp-home.js';

let fake: FakeSocial | undefined;
let home: TempHome | undefined;
const processes: ServeProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(processes.map(killHard));
  processes.length = 0;
  await fake?.close();
  home?.cleanup();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A job's end states: nothing moves it on from these. */
const SETTLED = new Set(['posted', 'partial', 'failed', 'cancelled']);
const posts = (text: string) => [...(fake?.state.tweets.values() ?? [])].filter((t) => t.text === text);

describe('a config change on Postgres', () => {
  it('reaches the API node and the worker: both apply a banned phrase added to the file', async () => {
    fake = await startFakeSocial();
    home = createTempHome();
    const configured = home;
    const database = await freshPostgres();
    cleanups.push(() => database.drop());
    await preparePostgresHome(home, fake, { url: database.url, accounts: [] });
    const env = { ...home.env, APP_STORAGE__WORKER_RELEASE_AFTER_SECONDS: '3' };
    const api = await serve(env, { loops: true, workers: false });
    processes.push(api);
    const background = await worker(env);
    processes.push(background);
    const token = readFileSync(`${home.dir}/api_token`, 'utf8').trim();
    const compose = async (content: string, scheduled_for?: string) => {
      const response = await fetch(`${api.url}/api/content/compose`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content_type: 'tweet', content, ...(scheduled_for ? { scheduled_for } : {}) }),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const job = async (id: unknown) =>
      (await (
        await fetch(`${api.url}/api/posting/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { status: string; last_error: string | null };

    // Both accepted before the change, due in a few seconds: the worker posts them then.
    // wall clock: the worker process and the database run on real time
    const due = new Date(Date.now() + 6000).toISOString();
    const banned = await compose('a scheduled post about pineapples', due);
    const allowed = await compose('a scheduled post about apples', due);
    expect([banned.status, allowed.status], JSON.stringify([banned.json, allowed.json])).toEqual([202, 202]);
    expect(banned.json.status).toBe('scheduled');

    // An editor adds the phrase; neither process is told but by the file.
    appendFileSync(configured.configPath, '\n[limits]\nbanned_phrases = ["pineapple"]\n');

    // The API node applies it: a new post with the phrase is refused. Until it has, the probe is accepted,
    // so it is scheduled a day out (nothing the test waits for); once refused, a post now is refused too.
    // wall clock: the API node runs on real time
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const probed = await until(
      'the API node to refuse the phrase',
      async () => {
        const attempt = await compose('later pineapple news', tomorrow);
        return attempt.status === 202 ? undefined : attempt;
      },
      3000,
    );
    expect(probed.json.error).toMatchObject({ code: 'policy_denied_hard_rule' });
    const refused = await compose('fresh pineapple news');
    expect(refused.json.error).toMatchObject({
      code: 'policy_denied_hard_rule',
      message: expect.stringMatching(/banned phrase "pineapple"/),
    });

    // The worker applies it: at its time the post with the phrase does not go out; the other one does.
    const done = await until(
      'both scheduled posts to be settled',
      async () => {
        const [a, b] = [await job(banned.json.job_id), await job(allowed.json.job_id)];
        // Settled means an end state: a post the worker has claimed (in_progress) is still being decided.
        return SETTLED.has(a.status) && b.status === 'posted' ? a : undefined;
      },
      20_000,
    );
    expect(done.status).toBe('failed');
    expect(done.last_error).toMatch(/banned phrase "pineapple"/);
    expect(posts('a scheduled post about apples')).toHaveLength(1);
    expect(posts('a scheduled post about pineapples')).toHaveLength(0);
    expect(posts('fresh pineapple news')).toHaveLength(0);
  }, 40_000);
});
